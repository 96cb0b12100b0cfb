import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerApiTokenRoutes } from './api-tokens/api-tokens.routes.ts';
import type { Resolver } from './webhooks/webhook-sender.ts';
import { webhookOpenApi } from './webhooks/webhook-openapi.ts';
import { registerWebhooks } from './webhooks/webhooks.module.ts';
import { registerBulkSend } from './bulk-send/bulk-send.module.ts';
import type { BulkSendJobDeps } from './bulk-send/bulk-send-job.ts';
import { templatesSource } from './bulk-send/templates-source.ts';
import { registerAuthJobs } from './auth/auth.jobs.ts';
import { registerIdentity } from './auth/identity.ts';
import { samlLoginMethod } from './auth/saml/saml-browser-binding.ts';
import { createSamlLogin } from './auth/saml/saml-login.ts';
import { registerSamlRoutes } from './auth/saml/saml.routes.ts';
import { registerConfigRoutes } from './config/config.routes.ts';
import { systemClock, type Clock } from './time/clock.ts';
import {
  createJobWorker,
  createNodeHeartbeat,
  newNodeRun,
  type JobWorker,
} from './jobs/job-queue.ts';
import { scratchOf } from './files/scratch.ts';
import { createScratchSweeper } from './files/scratch-sweep.ts';
import { reservationGraceMs } from './files/stored-objects.ts';
import { registerDevMailRoutes } from './mail/dev-mail.routes.ts';
import { registerMailJob } from './mail/mail-job.ts';
import { createMailer } from './mail/mailer.ts';
import { registerPkiRoutes } from './pki/pki.routes.ts';
import { createPkiReloader, registerPkiJobs } from './pki/pki.jobs.ts';
import { loadPortalTrust } from './pki/portal-trust.ts';
import { registerGroupAdminRoutes } from './groups/groups-admin.routes.ts';
import { registerGroupRoutes } from './groups/groups.routes.ts';
import { registerSignFlowFileRoutes } from './signflows/signflow-files.routes.ts';
import { registerSignFlowRoutes } from './signflows/signflows.routes.ts';
import { registerTemplateRoutes } from './templates/templates.routes.ts';
import { registerSigning } from './signing/signing.module.ts';
import { createFileStorage } from './storage/create-storage.ts';
import { ensureBucket } from './storage/s3-storage.ts';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerErrorHandling } from './errors/error-handler.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { registerOpenApi, trackRegisteredRoutes } from './http/openapi.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerMetrics } from './metrics/metrics.routes.ts';
import { registerPublicRoutes } from './public/public.routes.ts';
import { registerReportRoutes } from './reports/reports.routes.ts';
import { registerPersonalDataRoutes } from './reports/personal-data.routes.ts';
import { registerVerifyRoutes } from './verify/verify.routes.ts';
import { verifyDepsOf } from './verify/verify.service.ts';
import { registerWebApp } from './web/web-app.ts';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where the app reads the time; tests pass a MovableClock. */
  clock?: Clock;
  /** Where JSON log lines go instead of stdout; tests read them. */
  logStream?: { write(line: string): void };
  /** How webhook host names resolve; tests pass their own, so no test asks a real DNS server. */
  webhookResolver?: Resolver;
  /** How the bulk-send job paces itself; tests stop a batch halfway with a few rows per run. */
  bulkSendTuning?: Pick<
    BulkSendJobDeps,
    'parallel' | 'runBudgetMs' | 'rowsPerRun' | 'continueAfterMs'
  >;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job worker, for tests and operations that run due jobs now (runDue). */
    jobWorker: JobWorker;
  }
}

/** Builds the whole HTTP app without listening; tests drive it with inject or a real port. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logStream,
  webhookResolver,
  bulkSendTuning,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]'],
      // Signing-link and inspector tokens, and login codes and states, never reach the log.
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Every log line of a request carries its id, taken from a safe X-Request-Id or made here.
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  // First, so that the tests can hold every route against the OpenAPI document.
  trackRegisteredRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  // Before the other routes, so that request metrics cover them all.
  await registerMetrics(app, { config, db: database.db, clock });
  // Before the session is read and before the built-in provider's middleware.
  registerRateLimits(app, clock);

  await app.register(cookie, { secret: config.sessionSecret });
  registerSecurityHeaders(app, config);
  await registerOpenApi(app, { webhooks: webhookOpenApi() });
  await registerIdentity(
    app,
    { config, database, clock },
    {
      saml: async (scope) => {
        const samlLogin = createSamlLogin(database.db, config, clock);
        await registerSamlRoutes(scope, { config, database, samlLogin, clock });
        return samlLoginMethod(samlLogin, config);
      },
    },
  );

  await registerHealthRoutes(app, database);
  await registerConfigRoutes(app, config, database, clock);
  await registerPublicRoutes(app, config);
  await registerGroupRoutes(app, database);
  await registerGroupAdminRoutes(app, database, config, clock);
  await registerReportRoutes(app, { database, timeZone: config.timeZone });
  await registerPersonalDataRoutes(app, { db: database.db, config, clock });
  await registerApiTokenRoutes(app, { db: database.db, clock, maxDays: config.apiTokens.maxDays });
  // This run of the server: its heartbeat, its job worker and its temporary files share one id.
  const run = newNodeRun();
  const scratch = scratchOf(config.dataDir, run.tag);
  const storage = createFileStorage(config, run.tag);
  const jobLog = app.log.child({ component: 'jobs' });
  const worker = createJobWorker({
    db: database.db,
    clock,
    logger: jobLog,
    lockMs: config.jobLockMs,
    workerId: run.id,
  });
  const heartbeat = createNodeHeartbeat({
    db: database.db,
    clock,
    logger: jobLog,
    run,
    timeoutMs: config.heartbeatTimeoutMs,
    forgetAfterMs: reservationGraceMs,
    onRunsEnded: () => worker.kick(),
  });
  const sweeper = createScratchSweeper({
    db: database.db,
    storage,
    scratch,
    clock,
    logger: app.log.child({ component: 'files' }),
    runStates: () => heartbeat.runStates(),
    intervalMs: 3_600_000,
  });
  const mailer = createMailer({ config, db: database.db, logger: jobLog, clock, storage });
  registerMailJob(worker, mailer);
  registerAuthJobs(worker, {
    db: database.db,
    sessionIdleMs: config.sessionIdleMs,
    logger: jobLog,
  });
  app.decorate('jobWorker', worker);
  await registerDevMailRoutes(app, { config, db: database.db });
  const trust = await loadPortalTrust(database.db, config, clock);
  registerPkiJobs(worker, trust, jobLog);
  const pkiReloader = createPkiReloader(trust, jobLog);
  const signFlowDeps = {
    db: database.db,
    storage,
    scratch,
    config,
    clock,
    trust,
    kickJobs: worker.kick,
  };
  await registerSignFlowRoutes(app, signFlowDeps);
  await registerSignFlowFileRoutes(app, signFlowDeps);
  await registerTemplateRoutes(app, signFlowDeps);
  await registerBulkSend(app, {
    db: database.db,
    clock,
    scratch,
    worker,
    logger: jobLog,
    maxRows: config.bulkSendMaxRows,
    source: templatesSource(signFlowDeps),
    ...(bulkSendTuning ? { tuning: bulkSendTuning } : {}),
  });
  await registerPkiRoutes(app, trust, { tsaPublic: config.tsaPublic });
  await registerSigning(app, {
    db: database.db,
    storage,
    scratch,
    config,
    clock,
    trust,
    kickJobs: worker.kick,
    mailer,
    worker,
  });
  await registerVerifyRoutes(app, verifyDepsOf({ config, trust, scratch, clock }));
  await registerWebhooks(app, {
    db: database.db,
    clock,
    worker,
    publicUrl: config.publicUrl,
    outbound: {
      policy: config.webhooks.allowedHosts,
      allowHttp: config.webhooks.allowHttp,
      ...(webhookResolver ? { resolve: webhookResolver } : {}),
    },
  });
  app.addHook('onReady', async () => {
    if (config.s3) await ensureBucket(config.s3);
    // Every node beats, worker or not: its temporary files are known live by it. Its earlier
    // run's jobs are released and what that run left is swept before it takes new work.
    await heartbeat.start();
    await sweeper.start();
    pkiReloader.start();
    if (config.jobWorker) await worker.start();
  });
  // preClose, not onClose: onClose hooks run last-registered first, so server.ts's database
  // close would come before it; running jobs must finish while the database is open.
  app.addHook('preClose', async () => {
    await worker.stop();
    await sweeper.stop();
    await pkiReloader.stop();
    await heartbeat.stop().catch((error: unknown) => {
      jobLog.warn({ error: (error as Error).message }, 'could not record this node as stopped');
    });
  });
  app.addHook('onClose', async () => {
    mailer.close();
  });
  await registerWebApp(app, config.webDistDir);
  return app;
}
