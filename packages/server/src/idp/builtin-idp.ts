import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../time/clock.ts';
import { ensureFirstAdministrator, seedDemoAccounts } from './accounts.service.ts';
import { registerAccountRoutes } from './accounts.routes.ts';
import { mountBuiltinProvider, registerIdpLoginRoutes } from './idp.routes.ts';
import { createBuiltinProvider } from './provider.ts';

/**
 * Starts the built-in provider: mounted under /idp (before the session plugin, so its
 * endpoints keep their own protections), with the demo accounts or a first administrator.
 * Answers what registers its login form's calls and its accounts' calls, which come after the
 * sessions.
 */
export async function startBuiltinProvider(
  app: FastifyInstance,
  deps: { config: AppConfig; database: DatabaseHandle; clock: Clock },
): Promise<() => Promise<void>> {
  const { config, database, clock } = deps;
  const provider = await createBuiltinProvider(database.db, config, clock);
  await mountBuiltinProvider(app, provider);
  if (config.demo) {
    await seedDemoAccounts(database.db, config.organizationName, clock.now());
  } else {
    const created = await ensureFirstAdministrator(
      database.db,
      config.organizationName,
      clock.now(),
    );
    if (created) {
      app.log.warn(
        `Built-in login: created the administrator ${created.email} with the one-time password ${created.password} — change it now; it is not shown again.`,
      );
    }
  }
  return async () => {
    await registerIdpLoginRoutes(app, provider, deps);
    await registerAccountRoutes(app, deps);
  };
}
