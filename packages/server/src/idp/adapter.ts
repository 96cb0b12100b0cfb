import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import {
  deleteIdpPayload,
  deleteIdpPayloadsExpiredBefore,
  deleteIdpPayloadsOfGrant,
  findIdpPayload,
  markIdpPayloadConsumed,
  upsertIdpPayload,
} from './idp-payloads.repository.ts';

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
      await upsertIdpPayload(db, this.model, id, values);
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string) {
      const row = await findIdpPayload(db, this.model, column, value);
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
      await markIdpPayloadConsumed(db, this.model, id, clock.now());
    }

    async destroy(id: string): Promise<void> {
      await deleteIdpPayload(db, this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteIdpPayloadsOfGrant(db, grantId);
    }
  };
}

/** Removes expired entries, so the table does not grow without bound; answers how many went. */
export function purgeExpiredIdpPayloads(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteIdpPayloadsExpiredBefore(db, now);
}
