import type { Kysely } from 'kysely';
import { recordLoginFailure } from '../auth/login.service.ts';
import type { Database, LocalAccountRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestMeta } from '../http/request-context.ts';
import type { Clock } from '../time/clock.ts';
import { verifyAccountPassword } from './accounts.service.ts';
import {
  clearAccountFailures,
  isThrottled,
  recordLoginFailure as countFailure,
  throttleKeys,
} from './throttle.service.ts';

/**
 * The built-in login form's check: a throttled account or address is refused before the
 * password is looked at (429), a wrong password is counted and refused (401), the right one
 * clears the account's count. Each refusal is audited. Answers the account.
 */
export async function checkBuiltinLogin(
  deps: { db: Kysely<Database>; clock: Clock },
  credentials: { email: string; password: string },
  meta: RequestMeta,
): Promise<LocalAccountRow> {
  const { db } = deps;
  const now = deps.clock.now();
  const keys = throttleKeys(credentials.email, meta.ip ?? '');
  if (await isThrottled(db, keys, now)) {
    await recordLoginFailure(db, credentials.email, 'throttled', meta, now);
    throw new AppError('tooManyRequests');
  }
  const account = await verifyAccountPassword(db, credentials.email, credentials.password);
  if (!account) {
    await countFailure(db, keys, now);
    await recordLoginFailure(db, credentials.email, 'wrong password', meta, now);
    throw new AppError('invalidCredentials');
  }
  await clearAccountFailures(db, account.email);
  return account;
}
