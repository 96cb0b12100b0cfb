import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';

/**
 * The built-in provider's storage (sessions, interactions, codes, grants, tokens) in our
 * database, so that any node can carry on a login that another node started.
 */
export function createIdpAdapter(db: Kysely<Database>, clock: Clock) {
  return class DatabaseAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn
          ? new Date(clock.now().getTime() + expiresIn * 1000).toISOString()
          : null,
      };
      await db
        .insertInto('idp_payloads')
        .values({ model: this.model, id, ...values })
        .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(values))
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
      const row = await db
        .selectFrom('idp_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && new Date(row.expires_at).getTime() <= clock.now().getTime())
        return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('idp_payloads')
        .set({ consumed_at: clock.now().toISOString() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('idp_payloads')
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('idp_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Removes expired entries, so the table does not grow without bound; answers how many went. */
export async function purgeExpiredIdpPayloads(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idp_payloads')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
