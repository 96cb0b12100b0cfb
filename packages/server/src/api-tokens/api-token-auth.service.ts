import type { ApiTokenScope } from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { toIsoString } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../http/request-context.ts';
import {
  findApiTokenByHash,
  recordUseFromNewAddress,
  touchApiToken,
} from './api-tokens.repository.ts';
import { scopesOf } from './api-tokens.presenter.ts';
import { hashApiToken } from './token-format.ts';

/** Last use is written at most this often per token, so that a busy integration does not write per call. */
export const lastUseIntervalMs = 60_000;

export interface ApiTokenCaller {
  tokenId: string;
  scopes: ApiTokenScope[];
  /** The owner as they are now: admin flag and group memberships read with this request. */
  user: SessionUser;
}

/**
 * The live token a request presents, with its owner as the owner is now; null for an unknown,
 * expired or revoked token. Notes the use (at most once a minute; at once, and audited, from
 * an address the token was not last used from).
 */
export async function authenticateApiToken(
  db: Kysely<Database>,
  token: string,
  ip: string,
  now: Date,
): Promise<ApiTokenCaller | null> {
  // Found by the SHA-256 of what was sent: timing tells at most how much of a hash matched,
  // which tells nothing of any token (see docs/decisions.md).
  const row = await findApiTokenByHash(db, hashApiToken(token));
  if (!row || row.revoked_at !== null) return null;
  if (now.getTime() >= Date.parse(toIsoString(row.expires_at))) return null;
  const user: SessionUser = {
    id: row.user_id,
    email: row.email,
    displayName: row.display_name,
    organisation: row.organisation,
    title: row.title,
    isAdmin: Boolean(row.is_admin),
    groupIds: row.group_ids,
  };
  if (row.last_used_ip !== ip) {
    await db.transaction().execute(async (trx) => {
      if (!(await recordUseFromNewAddress(trx, row.id, ip, now))) return;
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.apiTokenNewAddress,
          actor: user.email,
          userId: user.id,
          ip,
          details: { tokenId: row.id, previousAddress: row.last_used_ip },
        },
        now,
      );
    });
  } else if (
    row.last_used_at === null ||
    now.getTime() - Date.parse(toIsoString(row.last_used_at)) >= lastUseIntervalMs
  ) {
    await touchApiToken(db, row.id, now, new Date(now.getTime() - lastUseIntervalMs));
  }
  return { tokenId: row.id, scopes: scopesOf(row.scopes), user };
}
