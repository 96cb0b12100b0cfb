import { resolveSignFlowListQuery, type SignFlowListQuery } from '@esign/contract';
import type { SessionUser } from '../http/request-context.ts';
import { accessOf, type SignFlowDeps } from './signflow-access.ts';
import { presentListItem, type ListSignerRow } from './signflows.presenter.ts';
import { listFlows, listSignersOfFlows } from './signflows.repository.ts';

/**
 * The flows the user may see with their signers: one page, or all of them for the bare call
 * (the contract decides). The signers of all the rows come in one query, not one per row.
 */
export async function listSignFlows(
  deps: Pick<SignFlowDeps, 'db'>,
  user: SessionUser,
  query: SignFlowListQuery,
) {
  const resolved = resolveSignFlowListQuery(query);
  const { rows, total } = await listFlows(deps.db, accessOf(user), resolved);
  const signers = await listSignersOfFlows(
    deps.db,
    rows.map((row) => row.id),
  );
  const signersOf = new Map<string, ListSignerRow[]>();
  for (const signer of signers) {
    const ofFlow = signersOf.get(signer.flow_id);
    if (ofFlow === undefined) signersOf.set(signer.flow_id, [signer]);
    else ofFlow.push(signer);
  }
  const items = rows.map((row) => presentListItem(row, signersOf.get(row.id) ?? []));
  return { items, total, paging: resolved.paging };
}
