import type { SignFlowState } from '@esign/contract';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { SessionUser } from '../http/request-context.ts';
import { listSigners } from '../signflows/flow-records.ts';
import { flowStateOf } from '../signflows/flow-state.ts';
import { loadVisibleFlow } from '../signflows/signflow-access.ts';
import type { SigningDeps } from './signing-deps.ts';

/**
 * A signer for the sender to act on (remind, unlock): 404 for a flow the user may not see or
 * a signer not on it; 409 with the flow's state unless the flow is out for signing and the
 * signer has still to sign.
 */
export async function loadPendingSigner(
  deps: SigningDeps,
  user: SessionUser,
  flowId: string,
  signerId: string,
): Promise<{ flow: SignFlowRow; signer: SignerRow; current: SignFlowState }> {
  const flow = await loadVisibleFlow(deps.db, user, flowId);
  const signer = (await listSigners(deps.db, flow.id)).find((row) => row.id === signerId);
  if (!signer) throw new AppError('notFound');
  const current = flowStateOf(flow);
  if (flow.status !== 'Sent' || signer.status !== 'Unsigned')
    throw new AppError('conflict', { current });
  return { flow, signer, current };
}
