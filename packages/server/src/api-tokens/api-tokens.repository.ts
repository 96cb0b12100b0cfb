import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function insertApiToken(
  db: Kysely<Database>,
  values: {
    id: string;
    userId: string;
    name: string;
    scopes: string[];
    tokenHash: string;
    now: Date;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('api_tokens')
    .values({
      id: values.id,
      user_id: values.userId,
      name: values.name,
      scopes: values.scopes.join(' '),
      token_hash: values.tokenHash,
      created_at: values.now.toISOString(),
      expires_at: values.expiresAt.toISOString(),
      revoked_at: null,
      last_used_at: null,
      last_used_ip: null,
    })
    .execute();
}

/** Tokens not revoked (expired ones too, until revoked), newest first; of one user or of all. */
export function listApiTokens(db: Kysely<Database>, ownerId: string | null) {
  let query = db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.scopes',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.last_used_ip',
      'users.display_name as owner_name',
      'users.email as owner_email',
    ])
    .where('api_tokens.revoked_at', 'is', null)
    .orderBy('api_tokens.created_at', 'desc')
    .orderBy('api_tokens.id');
  if (ownerId !== null) query = query.where('api_tokens.user_id', '=', ownerId);
  return query.execute();
}
export type ApiTokenListRow = Awaited<ReturnType<typeof listApiTokens>>[number];

/**
 * A token by the SHA-256 of what the caller sent, with its owner as the owner is now and the
 * owner's group memberships now (one row per membership, as a session's look-up reads them).
 */
export async function findApiTokenByHash(db: Kysely<Database>, tokenHash: string) {
  const rows = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .leftJoin('user_group_members', 'user_group_members.user_id', 'users.id')
    .select([
      'api_tokens.id',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'api_tokens.last_used_ip',
      'users.id as user_id',
      'users.email',
      'users.display_name',
      'users.organisation',
      'users.title',
      'users.is_admin',
      'user_group_members.group_id',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const groupIds = rows.flatMap((row) => (row.group_id === null ? [] : [row.group_id]));
  return { ...first, group_ids: groupIds };
}

/** The owner of a token not yet revoked, or undefined. */
export function findLiveTokenOwner(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('api_tokens')
    .select(['user_id', 'name'])
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes a token not yet revoked; answers whether this call did it. */
export async function revokeApiToken(db: Kysely<Database>, id: string, now: Date) {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every live token of a user; answers how many. */
export async function revokeUserApiTokens(db: Kysely<Database>, userId: string, now: Date) {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Notes a use from an address other than the last one; answers whether this call did (of two
 * requests from the same new address at once, one wins: the guard is read again under the
 * row's lock on PostgreSQL, and SQLite has one writer).
 */
export async function recordUseFromNewAddress(
  db: Kysely<Database>,
  id: string,
  ip: string,
  now: Date,
) {
  const result = await db
    .updateTable('api_tokens')
    .set({ last_used_at: now.toISOString(), last_used_ip: ip })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_ip', 'is', null), eb('last_used_ip', '<>', ip)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes a use when the last noted one is older than `staleBefore`; answers whether it wrote. */
export async function touchApiToken(
  db: Kysely<Database>,
  id: string,
  now: Date,
  staleBefore: Date,
) {
  const result = await db
    .updateTable('api_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBefore.toISOString())]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
