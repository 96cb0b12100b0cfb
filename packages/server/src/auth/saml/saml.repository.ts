import type { CacheProvider } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../time/clock.ts';

export interface SamlRequestStoreOptions {
  /** Kept with each request this store saves: where the login returns afterwards. */
  returnTo?: string;
  /** When set, every other request id counts as absent: the browser started only this one. */
  boundTo?: string;
  /** Hears of each id this store actually deleted, with its return path. */
  onRemoved?: (id: string, returnTo: string | null) => void;
}

/**
 * node-saml's store of outstanding request ids, kept in saml_requests so that any node
 * can check a response to a request another node made. Entries older than ttlMs count as
 * absent and are pruned; onRemoved lets a caller tell which of two racing responses
 * consumed a request, and read the return path saved with it.
 */
export function samlRequestStore(
  db: Kysely<Database>,
  ttlMs: number,
  clock: Clock,
  { returnTo, boundTo, onRemoved = () => undefined }: SamlRequestStoreOptions = {},
): CacheProvider {
  const cutoff = () => new Date(clock.now().getTime() - ttlMs).toISOString();
  const isOther = (id: string) => boundTo !== undefined && id !== boundTo;
  return {
    async saveAsync(id, value) {
      await db.deleteFrom('saml_requests').where('created_at', '<', cutoff()).execute();
      const createdAt = clock.now();
      const inserted = await db
        .insertInto('saml_requests')
        .values({ id, value, created_at: createdAt.toISOString(), return_to: returnTo ?? null })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? { value, createdAt: createdAt.getTime() } : null;
    },
    async getAsync(id) {
      if (isOther(id)) return null;
      const row = await db
        .selectFrom('saml_requests')
        .select('value')
        .where('id', '=', id)
        .where('created_at', '>=', cutoff())
        .executeTakeFirst();
      return row?.value ?? null;
    },
    async removeAsync(id) {
      if (id === null || isOther(id)) return null;
      const row = await db
        .deleteFrom('saml_requests')
        .where('id', '=', id)
        .returning(['value', 'return_to'])
        .executeTakeFirst();
      if (row) onRemoved(id, row.return_to);
      return row?.value ?? null;
    },
  };
}

/** Ends the sessions a provider's LogoutRequest names; answers whose sessions they were. */
export async function deleteSamlSessions(
  db: Kysely<Database>,
  nameId: string,
  sessionIndex: string | null,
): Promise<Array<{ userId: string; email: string }>> {
  let query = db
    .deleteFrom('sessions')
    .where('saml_name_id', '=', nameId)
    .where('login_method', '=', 'saml');
  if (sessionIndex) query = query.where('saml_session_index', '=', sessionIndex);
  const ended = await query.returning('user_id').execute();
  if (ended.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id as userId', 'email'])
    .where('id', 'in', [...new Set(ended.map((row) => row.user_id))])
    .execute();
  return users;
}
