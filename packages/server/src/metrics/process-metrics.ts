import { SignatureLevel } from '@esign/contract';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * Metrics of the process as a whole, shared by every app built in it (tests build many):
 * Node's default metrics and the signatures counter, which the signing code increments.
 */
const processRegistry = new Registry();
let defaultMetricsCollected = false;

/** The process-wide registry, with Node's default metrics collected from the first call on. */
export function processMetrics(): Registry {
  if (!defaultMetricsCollected) {
    collectDefaultMetrics({ register: processRegistry });
    defaultMetricsCollected = true;
  }
  return processRegistry;
}

/**
 * Signatures recorded by this node since it started, per level. A counter rather than a
 * count of rows on scrape: it costs nothing to read, PromQL's rate() and increase() over
 * the sum of every node give signatures per level and time, and rows that auto-delete
 * removes later do not make it go down.
 */
export const signaturesCounter = new Counter({
  name: 'esign_signatures_total',
  help: 'Signatures recorded by this node since it started, per signature level',
  labelNames: ['level'] as const,
  registers: [processRegistry],
});
// Every level shows from the start, so that rate() has a series before the first signature.
for (const level of SignatureLevel.options) signaturesCounter.inc({ level }, 0);

/**
 * Requests refused for going over a per-address limit (http/rate-limit.ts), per limit: the
 * refusals themselves write nothing anywhere else.
 */
export const rateLimitedCounter = new Counter({
  name: 'esign_rate_limited_total',
  help: 'Requests this node refused with 429 because their address went over a rate limit',
  labelNames: ['limit'] as const,
  registers: [processRegistry],
});

/**
 * Login attempts refused while their account or address was throttled: counted here rather
 * than audited one by one (the lock-out itself is one audit event).
 */
export const throttledLoginsCounter = new Counter({
  name: 'esign_login_throttled_total',
  help: 'Login attempts this node refused because the account or address was throttled',
  registers: [processRegistry],
});

/**
 * Archive time stamps of kept signed files renewed by this node (`renewed`), and renewal
 * attempts that failed and will be tried again (`failed`; the job's error is in the log).
 */
export const archiveRenewalsCounter = new Counter({
  name: 'esign_archive_renewals_total',
  help: 'Archive time-stamp renewals of signed files by this node, per outcome',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});
for (const outcome of ['renewed', 'failed']) archiveRenewalsCounter.inc({ outcome }, 0);
