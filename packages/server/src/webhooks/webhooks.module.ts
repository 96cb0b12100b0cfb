import type { FastifyInstance } from 'fastify';
import type { JobWorker } from '../jobs/job-types.ts';
import { registerWebhookJob, type WebhookDeliveryDeps } from './webhook-delivery.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';

/** Webhooks: the calls that manage endpoints, and the job that delivers their events. */
export async function registerWebhooks(
  app: FastifyInstance,
  deps: WebhookDeliveryDeps & { worker: JobWorker },
) {
  registerWebhookJob(deps.worker, deps);
  await registerWebhookRoutes(app, { ...deps, kickJobs: () => deps.worker.kick() });
}
