import type { SignerTaskState } from '@esign/contract';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';

/** The signers whose turn it is: every unsigned one at once, or the first unsigned in order. */
export function signersInTurn(flow: Pick<SignFlowRow, 'signature_process'>, signers: SignerRow[]) {
  const unsigned = [...signers]
    .sort((a, b) => a.position - b.position)
    .filter((signer) => signer.status === 'Unsigned');
  return flow.signature_process === 'Sequential' ? unsigned.slice(0, 1) : unsigned;
}

/** A flow cancelled at or after its deadline was ended by it, not by the sender. */
export function isExpiry(flow: Pick<SignFlowRow, 'cancelled_at' | 'deadline_at'>): boolean {
  return (
    flow.cancelled_at !== null &&
    flow.deadline_at !== null &&
    new Date(flow.cancelled_at).getTime() >= new Date(flow.deadline_at).getTime()
  );
}

/** Where a signer's task stands, from the signer's point of view. */
export function taskStateOf(
  flow: Pick<SignFlowRow, 'status' | 'signature_process' | 'cancelled_at' | 'deadline_at'>,
  signer: SignerRow,
  signers: SignerRow[],
): SignerTaskState {
  if (signer.status === 'Signed') return 'Signed';
  if (signer.status === 'Rejected') return 'Rejected';
  switch (flow.status) {
    case 'Finished':
      return 'FlowFinished';
    case 'Rejected':
      return 'FlowRejected';
    case 'Cancelled':
      return isExpiry(flow) ? 'FlowExpired' : 'FlowCancelled';
    case 'Sent':
      return signersInTurn(flow, signers).some((s) => s.id === signer.id) ? 'Open' : 'NotYourTurn';
    default:
      return 'FlowFailed';
  }
}

/** The address with its middle hidden: a***@example.com. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
