import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { builtinIssuer } from './oidc-login.ts';
import { findUserIdByIdentity, findUserIdentity } from './users.repository.ts';

/**
 * Portal users and the built-in provider's accounts: a user who logged in through the
 * built-in provider has its issuer and the account's id as subject.
 */

/** The built-in account a portal user logged in as, or null for another provider's user. */
export async function builtinAccountIdOf(
  db: Kysely<Database>,
  config: AppConfig,
  userId: string,
): Promise<string | null> {
  const identity = await findUserIdentity(db, userId);
  return identity?.issuer === builtinIssuer(config) ? identity.subject : null;
}

/** The portal user of a built-in account, or null when the account has never logged in. */
export async function portalUserOfAccount(
  db: Kysely<Database>,
  config: AppConfig,
  accountId: string,
): Promise<string | null> {
  return (await findUserIdByIdentity(db, builtinIssuer(config), accountId)) ?? null;
}
