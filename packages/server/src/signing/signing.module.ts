import type { FastifyInstance } from 'fastify';
import type { JobWorker } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { registerIdentifyRoutes } from './identify.routes.ts';
import { registerQualifiedRoutes } from './qualified.routes.ts';
import { registerRecipientRoutes } from './recipients.routes.ts';
import { registerSenderRoutes } from './sender.routes.ts';
import { registerSignedCopyRoutes } from './signed-copy.routes.ts';
import type { SigningDeps } from './signing-deps.ts';
import { registerSigningJobs } from './signing.jobs.ts';
import { registerSigningRoutes } from './signing.routes.ts';

/** Signing as a whole: the signer's calls, the sender's view into it, and its background jobs. */
export async function registerSigning(
  app: FastifyInstance,
  deps: SigningDeps & { mailer: Mailer; worker: JobWorker },
) {
  registerSigningJobs(deps.worker, deps);
  await registerSigningRoutes(app, deps);
  await registerIdentifyRoutes(app, deps);
  await registerQualifiedRoutes(app, deps);
  await registerSenderRoutes(app, deps);
  await registerSignedCopyRoutes(app, deps);
  await registerRecipientRoutes(app, deps);
}
