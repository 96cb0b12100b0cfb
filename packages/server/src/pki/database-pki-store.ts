import { PkiError, type PkiStore } from '@esign/pades';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import { findSetting, insertSettingOnce } from '../config/config.repository.ts';

/**
 * The portal PKI kept in the database (keys encrypted by PKI_PASSPHRASE), so every node
 * uses the same CAs and time-stamping key; an entry is written once and never replaced.
 */
export function createDatabasePkiStore(db: Kysely<Database>, clock: Clock): PkiStore {
  const key = (name: string) => `pki:${name}`;
  return {
    read: async (name) => (await findSetting(db, key(name))) ?? null,
    async write(name, content) {
      if (!(await insertSettingOnce(db, key(name), content, clock.now()))) {
        throw new PkiError('store-conflict', `${name} already exists`);
      }
    },
  };
}
