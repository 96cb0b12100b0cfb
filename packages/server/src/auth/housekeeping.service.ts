import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { purgeExpiredIdpPayloads } from '../idp/adapter.ts';
import { purgeForgottenLoginThrottles } from '../idp/throttle.service.ts';
import { purgeStaleLoginStates } from './oidc-login.ts';
import { deleteExpiredSessions } from './session.repository.ts';

export interface PurgedLoginRows {
  sessions: number;
  loginStates: number;
  idpPayloads: number;
  throttleRows: number;
}

/**
 * Removes what logins leave behind once nobody can use it: sessions past their end or idle
 * limit, pending logins too old to finish, the built-in provider's expired payloads (an
 * anonymous login start writes one) and throttle counts a day without attempts has forgotten. Rows still
 * in use are kept. Answers how many rows of each went.
 */
export async function purgeExpiredLoginRows(
  db: Kysely<Database>,
  sessionIdleMs: number,
  now: Date,
): Promise<PurgedLoginRows> {
  return {
    sessions: await deleteExpiredSessions(db, now, sessionIdleMs),
    loginStates: await purgeStaleLoginStates(db, now),
    idpPayloads: await purgeExpiredIdpPayloads(db, now),
    throttleRows: await purgeForgottenLoginThrottles(db, now),
  };
}
