import type { FastifyInstance } from 'fastify';
import type { Scratch } from '../files/scratch.ts';
import type { JobLogger, JobWorker } from '../jobs/job-types.ts';
import { registerBulkSendJob, type BulkSendJobDeps } from './bulk-send-job.ts';
import { registerBulkSendRoutes } from './bulk-send.routes.ts';
import type { BulkSendDeps } from './bulk-send.service.ts';

/** Bulk send: the calls that check, send and follow a batch, and the job that sends it. */
export async function registerBulkSend(
  app: FastifyInstance,
  deps: BulkSendDeps & {
    scratch: Scratch;
    worker: JobWorker;
    logger: JobLogger;
    tuning?: Pick<BulkSendJobDeps, 'parallel' | 'runBudgetMs' | 'rowsPerRun' | 'continueAfterMs'>;
  },
) {
  const kickJobs = () => deps.worker.kick();
  registerBulkSendJob(deps.worker, { ...deps, ...deps.tuning, kickJobs });
  await registerBulkSendRoutes(app, { ...deps, kickJobs });
}
