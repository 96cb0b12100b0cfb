import { accountErrorKeys, passwordRuleBroken, type ChangePasswordRequest } from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { builtinAccountIdOf } from '../auth/builtin-users.service.ts';
import { recordLoginFailure } from '../auth/login.service.ts';
import { endUserSessions } from '../auth/session.service.ts';
import type { AppConfig } from '../config/env.ts';
import type { Database, LocalAccountRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { ActiveSession, RequestMeta } from '../http/request-context.ts';
import { throttledLoginsCounter } from '../metrics/process-metrics.ts';
import type { Clock } from '../time/clock.ts';
import { hashPassword, passwordMatches } from './accounts.service.ts';
import { findAccountById, replacePasswordHash } from './accounts.repository.ts';
import {
  claimLoginAttempt,
  settleSuccessfulLogin,
  startsWaiting,
  throttleKeys,
} from './throttle.service.ts';

interface Deps {
  db: Kysely<Database>;
  config: AppConfig;
  clock: Clock;
}

/** The built-in account the session's user logged in as; 404 for another provider's user. */
export async function accountOfSession(
  db: Kysely<Database>,
  config: AppConfig,
  session: ActiveSession,
): Promise<LocalAccountRow> {
  const accountId = await builtinAccountIdOf(db, config, session.user.id);
  const account = accountId === null ? undefined : await findAccountById(db, accountId);
  if (!account) throw new AppError('notFound');
  return account;
}

const newPasswordIssue = (key: string) =>
  new AppError('validation', { issues: [{ path: 'NewPassword', key }] });
const wrongCurrentPassword = () =>
  new AppError('validation', {
    issues: [{ path: 'CurrentPassword', key: accountErrorKeys.wrongCurrentPassword }],
  });

/**
 * The signed-in account changes its own password. The new one must keep the rule (checked
 * first: that tells nothing about the stored password); the current one is then counted by
 * the login's own throttle before it is checked, so this call guesses no faster than the login
 * form. On success the hash changes, the user's other sessions end (this one stays) and the
 * change is audited, without the password. Answers how long to wait when the throttle says so.
 */
export async function changeOwnPassword(
  deps: Deps,
  session: ActiveSession,
  input: ChangePasswordRequest,
  from: { ip: string; knownBrowser: (email: string) => string | null; meta: RequestMeta },
): Promise<{ retryAfterSeconds: number } | null> {
  const { db, config } = deps;
  const account = await accountOfSession(db, config, session);
  if (account.is_demo) throw new AppError('forbidden', { key: accountErrorKeys.demoAccount });
  const broken = passwordRuleBroken(input.NewPassword, {
    email: account.email,
    currentPassword: input.CurrentPassword,
  });
  if (broken !== null) throw newPasswordIssue(broken);

  const now = deps.clock.now();
  const keys = throttleKeys(account.email, from.ip, from.knownBrowser(account.email));
  const claim = await claimLoginAttempt(db, keys, now);
  if (!claim.allowed) {
    throttledLoginsCounter.inc();
    return { retryAfterSeconds: claim.retryAfterSeconds };
  }
  if (!(await passwordMatches(account.password_hash, input.CurrentPassword))) {
    await recordLoginFailure(db, account.email, 'wrong current password', from.meta, now);
    if (await startsWaiting(db, keys))
      await recordLoginFailure(db, account.email, 'locked out', from.meta, now);
    throw wrongCurrentPassword();
  }
  const newHash = await hashPassword(input.NewPassword);
  await db.transaction().execute(async (trx) => {
    // Only over the hash just verified: of two changes at once, the second finds it gone.
    if (!(await replacePasswordHash(trx, account.id, account.password_hash, newHash)))
      throw wrongCurrentPassword();
    const ended = await endUserSessions(trx, session.user.id, session.id);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.passwordChanged,
        userId: session.user.id,
        actor: account.email,
        ...from.meta,
        details: { account: account.email, otherSessionsEnded: ended },
      },
      now,
    );
  });
  await settleSuccessfulLogin(db, keys);
  return null;
}
