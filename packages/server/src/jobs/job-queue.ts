/** The durable job queue: jobs are rows in `jobs`, run by a worker on every node. */
export { enqueueJob, defaultMaxAttempts, type NewJob } from './enqueue-job.ts';
export { createJobWorker, retryDelayMs } from './job-worker.ts';
export type {
  JobContext,
  JobHandler,
  JobLogger,
  JobWorker,
  JobWorkerOptions,
} from './job-types.ts';
