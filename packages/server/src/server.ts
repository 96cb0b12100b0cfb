import 'dotenv/config';
import { buildApp } from './app.ts';
import { ConfigError } from './config/config-error.ts';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Starts the portal: configuration, database and migrations, then listen; stops on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
    app.log.info('database closed');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`eSign portal at ${config.publicUrl.href} (database: ${database.kind})`);
  if (config.demo) sayWhoCanReachTheDemo(app, config);
}

/** The demo profile shows its passwords and one-time codes to whoever reaches it: say who can. */
function sayWhoCanReachTheDemo(app: FastifyInstance, config: AppConfig) {
  if (['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    app.log.info(
      `Demo profile: listening on ${config.host} only, so the demo accounts and /dev/mail stay on this machine; set HOST=0.0.0.0 to open it to the network, or NODE_ENV=production for real use.`,
    );
  } else {
    app.log.warn(
      `Demo profile open to the network on ${config.host} (HOST): its login page lists the demo passwords and /dev/mail shows every code and link to anyone who reaches it.`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
