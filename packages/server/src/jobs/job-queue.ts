/** The durable job queue: jobs are rows in `jobs`, run by a worker on every node. */
export { enqueueJob, defaultMaxAttempts, runQueuedJobNow, type NewJob } from './enqueue-job.ts';
export { createJobWorker, retryDelayMs } from './job-worker.ts';
export {
  createNodeHeartbeat,
  newNodeRun,
  type NodeHeartbeat,
  type NodeRun,
  type RunStates,
} from './node-heartbeat.ts';
export type {
  JobContext,
  JobHandler,
  JobLogger,
  JobWorker,
  JobWorkerOptions,
} from './job-types.ts';
