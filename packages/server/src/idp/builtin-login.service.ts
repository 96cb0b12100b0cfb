import type { Kysely } from 'kysely';
import { recordLoginFailure } from '../auth/login.service.ts';
import type { Database, LocalAccountRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestMeta } from '../http/request-context.ts';
import { throttledLoginsCounter } from '../metrics/process-metrics.ts';
import type { Clock } from '../time/clock.ts';
import { verifyAccountPassword } from './accounts.service.ts';
import {
  claimLoginAttempt,
  settleSuccessfulLogin,
  startsWaiting,
  throttleKeys,
} from './throttle.service.ts';

export type BuiltinLoginCheck =
  { allowed: true; account: LocalAccountRow } | { allowed: false; retryAfterSeconds: number };

/**
 * The built-in login form's check: the attempt is counted under the account (or the known
 * browser) and the address before the password is looked at, so parallel guesses cannot
 * outrun the count; one that must still wait is refused with how long (counted, not audited
 * one by one). A wrong password is audited and refused (401); the right one settles the
 * counts. Answers the account, or the wait.
 */
export async function checkBuiltinLogin(
  deps: { db: Kysely<Database>; clock: Clock },
  credentials: { email: string; password: string },
  from: { ip: string; knownBrowser: string | null; meta: RequestMeta },
): Promise<BuiltinLoginCheck> {
  const { db } = deps;
  const now = deps.clock.now();
  const keys = throttleKeys(credentials.email, from.ip, from.knownBrowser);
  const claim = await claimLoginAttempt(db, keys, now);
  if (!claim.allowed) {
    // A client hammering the form writes nothing to the audit trail.
    throttledLoginsCounter.inc();
    return claim;
  }
  const account = await verifyAccountPassword(db, credentials.email, credentials.password);
  if (!account) {
    await recordLoginFailure(db, credentials.email, 'wrong password', from.meta, now);
    if (await startsWaiting(db, keys))
      await recordLoginFailure(db, credentials.email, 'locked out', from.meta, now);
    throw new AppError('invalidCredentials');
  }
  await settleSuccessfulLogin(db, keys);
  return { allowed: true, account };
}
