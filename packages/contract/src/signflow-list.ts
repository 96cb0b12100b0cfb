import { z } from 'zod';
import { IsoDate, IsoDateTime } from './entities.ts';
import { SignerStatus, SignFlowStatus } from './enums.ts';
import { plainText, RecordId } from './plain-text.ts';
import { validationKeys as v } from './validation.ts';

/** A signer as the list shows them: who, and whether they have signed yet. */
export const SignFlowListSigner = z.object({
  Name: z.string(),
  Status: SignerStatus,
});
export type SignFlowListSigner = z.infer<typeof SignFlowListSigner>;

/**
 * The list's row: SPEC's summary plus the dates its columns show and the signers in their
 * order (an addition, for the list's signers and its "2 / 3 signed" progress).
 */
export const SignFlowListItem = z.object({
  Guid: z.string(),
  Name: z.string(),
  Status: SignFlowStatus,
  CreationDate: IsoDateTime,
  LastModifiedDate: IsoDateTime,
  SentToSignersDate: IsoDateTime.nullable(),
  CancelledDate: IsoDateTime.nullable(),
  FinishedDate: IsoDateTime.nullable(),
  RejectedDate: IsoDateTime.nullable(),
  AutoDeleteDate: IsoDateTime.nullable(),
  /** The date the signers must sign by (null for flows from before deadlines were chosen). */
  ExpiryDate: IsoDate.nullable(),
  Signers: z.array(SignFlowListSigner),
});
export type SignFlowListItem = z.infer<typeof SignFlowListItem>;

/** The sortable columns of the list: SPEC §2's nine and the deadline. */
export const SignFlowSortColumn = z.enum([
  'Name',
  'Status',
  'CreationDate',
  'LastModifiedDate',
  'SentToSignersDate',
  'CancelledDate',
  'FinishedDate',
  'RejectedDate',
  'AutoDeleteDate',
  'ExpiryDate',
]);
export type SignFlowSortColumn = z.infer<typeof SignFlowSortColumn>;

export const SignFlowSortOrder = z.enum(['asc', 'desc']);
export type SignFlowSortOrder = z.infer<typeof SignFlowSortOrder>;

/** Status views of the list: the navigation entries drafts, sent, finished, rejected, canceled, all. */
export const SignFlowStatusView = z.enum([
  'all',
  'Draft',
  'Sent',
  'Finished',
  'Rejected',
  'Cancelled',
]);
export type SignFlowStatusView = z.infer<typeof SignFlowStatusView>;

export const maxPageSize = 200;

/** Server-side search, sort and paging of GET SignFlows (an addition to SPEC §7). */
export const SignFlowListQuery = z.object({
  q: z.string().trim().max(200, v.maxLength).check(plainText()).optional(),
  status: SignFlowStatusView.optional(),
  sort: SignFlowSortColumn.optional(),
  order: SignFlowSortOrder.optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).optional(),
  /** Only the flows a bulk-send batch made (issue 18). */
  batch: RecordId.optional(),
});
export type SignFlowListQuery = z.infer<typeof SignFlowListQuery>;

/**
 * What a list query leaves out means this: every status, the latest change first, the first
 * page of 20. The one page size for the API and the web list (SPEC leaves it open); 20 rows
 * fit a screen, and the web offers 50 and 100 beside it.
 */
export const defaultSignFlowListQuery: Readonly<Required<SignFlowListQuery>> = {
  q: '',
  status: 'all',
  sort: 'LastModifiedDate',
  order: 'desc',
  page: 1,
  pageSize: 20,
  batch: '',
};

/** A list query with every default filled in. */
export interface ResolvedSignFlowListQuery {
  q: string;
  status: SignFlowStatusView;
  sort: SignFlowSortColumn;
  order: SignFlowSortOrder;
  /** The batch whose flows alone are listed; null for every flow. */
  batch: string | null;
  /** The page asked for; null for the bare call, which answers every flow. */
  paging: { page: number; pageSize: number } | null;
}

const listQueryKeys = SignFlowListQuery.keyof().options;

/**
 * Decides once how a list request reads: with no list key at all it is the bare call of
 * SPEC's clients (every flow, no paging); with any key it is one page, the rest defaulted.
 */
export function resolveSignFlowListQuery(query: SignFlowListQuery): ResolvedSignFlowListQuery {
  const defaults = defaultSignFlowListQuery;
  const paged = listQueryKeys.some((key) => query[key] !== undefined);
  return {
    q: query.q ?? defaults.q,
    status: query.status ?? defaults.status,
    batch: query.batch ? query.batch : null,
    sort: query.sort ?? defaults.sort,
    // A column named without an order reads from the top, as a first click on its header does.
    order: query.order ?? (query.sort === undefined ? defaults.order : 'asc'),
    paging: paged
      ? { page: query.page ?? defaults.page, pageSize: query.pageSize ?? defaults.pageSize }
      : null,
  };
}

export const SignFlowPage = z.object({
  Items: z.array(SignFlowListItem),
  Total: z.number().int().nonnegative(),
  Page: z.number().int().min(1),
  PageSize: z.number().int().min(1),
});
export type SignFlowPage = z.infer<typeof SignFlowPage>;
