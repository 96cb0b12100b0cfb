import { X509Certificate } from 'node:crypto';
import type { JobLogger, JobWorker } from '../jobs/job-queue.ts';
import { createPoller } from '../jobs/poller.ts';
import type { PortalTrust } from './portal-trust.ts';

export const pkiJobs = {
  /** Renews the portal PKI's issuing CA, seal and TSA certificate when due (recurring, daily). */
  rollover: 'pki.rollover',
} as const;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The daily rollover check: on one node at a time; the others read its generation within the hour. */
export function registerPkiJobs(worker: JobWorker, trust: PortalTrust, logger: JobLogger) {
  worker.register(pkiJobs.rollover, async () => {
    const generation = await trust.rollOver();
    if (!generation) return;
    const validTo = (der: Buffer) => new Date(new X509Certificate(der).validTo).toISOString();
    logger.info(
      {
        kind: pkiJobs.rollover,
        generation: generation.generation,
        renewed: generation.renewed,
        issuingValidTo: validTo(generation.pki.issuing.certificate),
        sealValidTo: validTo(generation.pki.seal.certificate),
        timeStampingValidTo: validTo(generation.pki.timeStamping.certificate),
      },
      'the portal PKI rolled over',
    );
  });
  worker.every(pkiJobs.rollover, dayMs);
}

/**
 * Reads, on this node, the PKI generations another node's rollover wrote: at start and then
 * hourly, whether or not this node runs jobs. Start it when the app is ready, stop it on close.
 */
export function createPkiReloader(trust: PortalTrust, logger: JobLogger, intervalMs = hourMs) {
  return createPoller(intervalMs, async () => {
    try {
      await trust.reload();
    } catch (error) {
      logger.error({ error: messageOf(error) }, 'could not read the portal PKI generations');
    }
  });
}
