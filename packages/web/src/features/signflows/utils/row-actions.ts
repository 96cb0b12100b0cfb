import type { SignFlowStatus } from '@esign/contract';

export const rowActions = ['view', 'edit', 'copy', 'cancel', 'delete', 'link'] as const;
export type RowAction = (typeof rowActions)[number];

/**
 * What the sender may do with a flow in each status: a draft is edited (others are viewed
 * read-only), only a sent flow is cancelled or has signing links, and anything not out with
 * its signers may be deleted. Any flow may be copied as new.
 */
export function rowActionsFor(status: SignFlowStatus): RowAction[] {
  if (status === 'Draft') return ['edit', 'copy', 'delete'];
  if (status === 'Sent') return ['view', 'copy', 'cancel', 'link'];
  return ['view', 'copy', 'delete'];
}
