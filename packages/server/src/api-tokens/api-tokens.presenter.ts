import type { ApiTokenListItem, ApiTokenScope } from '@esign/contract';
import { toIsoString } from '../db/database.ts';
import type { ApiTokenListRow } from './api-tokens.repository.ts';

/** The scopes as the table keeps them (space-separated) read back. */
export const scopesOf = (stored: string) => stored.split(' ') as ApiTokenScope[];

/** A token row as the lists show it: what it is and how it was used, never the token. */
export function presentApiToken(row: ApiTokenListRow): ApiTokenListItem {
  return {
    Id: row.id,
    Name: row.name,
    Scopes: scopesOf(row.scopes),
    CreatedAt: toIsoString(row.created_at),
    ExpiresAt: toIsoString(row.expires_at),
    LastUsedAt: row.last_used_at === null ? null : toIsoString(row.last_used_at),
    LastUsedFrom: row.last_used_ip,
    OwnerName: row.owner_name,
    OwnerEmail: row.owner_email,
  };
}
