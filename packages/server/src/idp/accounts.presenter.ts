import type { AccountListItem } from '@esign/contract';
import { toIsoString } from '../db/database.ts';
import type { LocalAccountRow } from '../db/schema.ts';
import { isAdministratorAccount } from './accounts.service.ts';

/** A built-in account as an administrator sees it: never its password hash. */
export function presentAccount(
  row: LocalAccountRow,
  callerAccountId: string | null,
): AccountListItem {
  return {
    Id: row.id,
    Email: row.email,
    DisplayName: row.display_name,
    Title: row.title,
    Organisation: row.organisation,
    IsAdmin: isAdministratorAccount(row),
    IsDemo: Boolean(row.is_demo),
    IsCurrentUser: row.id === callerAccountId,
    CreationDate: toIsoString(row.created_at),
  };
}
