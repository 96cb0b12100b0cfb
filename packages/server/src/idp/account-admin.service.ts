import { randomUUID } from 'node:crypto';
import {
  accountErrorKeys,
  passwordRuleBroken,
  type AccountListItem,
  type NewAccount,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { builtinAccountIdOf, portalUserOfAccount } from '../auth/builtin-users.service.ts';
import { revokeUserTokens } from '../api-tokens/api-tokens.service.ts';
import { endUserSessions } from '../auth/session.service.ts';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { Clock } from '../time/clock.ts';
import { presentAccount } from './accounts.presenter.ts';
import {
  builtinAdministratorGroup,
  hashPassword,
  isAdministratorAccount,
} from './accounts.service.ts';
import {
  countGroupAccounts,
  deleteAccountRow,
  findAccountById,
  findAccountByEmail,
  insertAccountIfAbsent,
  listAccountRows,
  lockGroupAccounts,
} from './accounts.repository.ts';

interface Deps {
  db: Kysely<Database>;
  config: AppConfig;
  clock: Clock;
}

/** The built-in accounts, the caller's own marked. */
export async function listAccounts(
  { db, config }: Omit<Deps, 'clock'>,
  caller: SessionUser,
): Promise<AccountListItem[]> {
  const own = await builtinAccountIdOf(db, config, caller.id);
  return (await listAccountRows(db)).map((row) => presentAccount(row, own));
}

const issue = (path: string, key: string) =>
  new AppError('validation', { issues: [{ path, key }] });

/**
 * Adds an account with the initial password the administrator typed (it keeps the password
 * rule; only its hash is stored, and the audit event names the account, not the password).
 * An e-mail address another account has gets 400 with its own message.
 */
export async function createAccount(
  deps: Deps,
  caller: SessionUser,
  input: NewAccount,
  context: RequestContext,
): Promise<AccountListItem> {
  const { db, config } = deps;
  const email = input.Email.toLowerCase();
  const broken = passwordRuleBroken(input.Password, { email });
  if (broken !== null) throw issue('Password', broken);
  if (await findAccountByEmail(db, email)) throw issue('Email', accountErrorKeys.emailTaken);
  const now = deps.clock.now();
  const row = {
    id: randomUUID(),
    email,
    password_hash: await hashPassword(input.Password),
    display_name: input.DisplayName,
    organisation: input.Organisation ?? (config.organizationName || null),
    title: input.Title,
    groups: JSON.stringify(input.IsAdmin ? [builtinAdministratorGroup] : []),
    is_demo: false,
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    // Another administrator may have added the address in the meantime.
    if (!(await insertAccountIfAbsent(trx, row))) throw issue('Email', accountErrorKeys.emailTaken);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.accountCreated,
        ...context,
        details: { account: email, administrator: input.IsAdmin },
      },
      now,
    );
  });
  const created = await findAccountById(db, row.id);
  if (!created) throw new AppError('notFound');
  return presentAccount(created, await builtinAccountIdOf(db, config, caller.id));
}

/**
 * Removes another account: its login ends at once (its portal sessions and API tokens too), while the portal
 * user it logged in as keeps its flows. Never the caller's own account, a demo account or the
 * last administrator; the administrators' rows are locked first, so that two administrators
 * removing each other at once cannot both succeed.
 */
export async function removeAccount(
  deps: Deps,
  caller: SessionUser,
  accountId: string,
  context: RequestContext,
): Promise<void> {
  const { db, config } = deps;
  if ((await builtinAccountIdOf(db, config, caller.id)) === accountId)
    throw new AppError('validation', { key: accountErrorKeys.cannotRemoveSelf });
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    await lockGroupAccounts(trx, builtinAdministratorGroup);
    const account = await findAccountById(trx, accountId);
    if (!account) throw new AppError('notFound');
    if (account.is_demo) throw new AppError('forbidden', { key: accountErrorKeys.demoAccount });
    if (
      isAdministratorAccount(account) &&
      (await countGroupAccounts(trx, builtinAdministratorGroup)) <= 1
    )
      throw new AppError('conflict', { key: accountErrorKeys.lastAdministrator });
    await deleteAccountRow(trx, accountId);
    const userId = await portalUserOfAccount(trx, config, accountId);
    const ended = userId === null ? 0 : await endUserSessions(trx, userId, null);
    // Its API tokens end with it, so that no system keeps acting as someone who left.
    const tokensRevoked = userId === null ? 0 : await revokeUserTokens(trx, userId, now);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.accountRemoved,
        ...context,
        details: { account: account.email, sessionsEnded: ended, apiTokensRevoked: tokensRevoked },
      },
      now,
    );
  });
}
