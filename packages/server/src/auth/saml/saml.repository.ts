import type { CacheProvider } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../time/clock.ts';

/**
 * node-saml's store of outstanding request ids, kept in saml_requests so that any node
 * can check a response to a request another node made. Entries older than ttlMs count as
 * absent and are pruned; onRemoved hears of each id this store actually deleted, so a
 * caller can tell which of two racing responses consumed a request.
 */
export function samlRequestStore(
  db: Kysely<Database>,
  ttlMs: number,
  clock: Clock,
  onRemoved: (id: string) => void = () => undefined,
): CacheProvider {
  const cutoff = () => new Date(clock.now().getTime() - ttlMs).toISOString();
  return {
    async saveAsync(id, value) {
      await db.deleteFrom('saml_requests').where('created_at', '<', cutoff()).execute();
      const createdAt = clock.now();
      const inserted = await db
        .insertInto('saml_requests')
        .values({ id, value, created_at: createdAt.toISOString() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? { value, createdAt: createdAt.getTime() } : null;
    },
    async getAsync(id) {
      const row = await db
        .selectFrom('saml_requests')
        .select('value')
        .where('id', '=', id)
        .where('created_at', '>=', cutoff())
        .executeTakeFirst();
      return row?.value ?? null;
    },
    async removeAsync(id) {
      if (id === null) return null;
      const row = await db
        .deleteFrom('saml_requests')
        .where('id', '=', id)
        .returning('value')
        .executeTakeFirst();
      if (row) onRemoved(id);
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
