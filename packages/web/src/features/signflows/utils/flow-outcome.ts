import type { SignFlowDetailResponse, Signer } from '@esign/contract';

/** What the flow page says happened: a status of its own (an expiry is not a cancel). */
export type FlowPageState = 'Sent' | 'Finished' | 'Rejected' | 'Cancelled' | 'Expired' | 'Error';

export type OutcomeKey =
  | 'sent'
  | 'progress'
  | 'waitingFor'
  | 'finished'
  | 'rejectedBy'
  | 'rejected'
  | 'cancelledBy'
  | 'cancelled'
  | 'expired'
  | 'comment'
  | 'noComment';

export interface OutcomeLine {
  /** A key under signflow.page.outcome. */
  key: OutcomeKey;
  params: Record<string, string | number>;
  /** When the line tells of a moment (shown as a date and time). */
  time?: string | null;
}

export const signerName = (signer: Signer) => signer.Name || signer.Email;

export function flowPageState(flow: SignFlowDetailResponse): FlowPageState | null {
  if (flow.Status === 'Draft') return null;
  if (flow.Status === 'Cancelled' && flow.ExpiredTimeUtc !== null) return 'Expired';
  return flow.Status;
}

/** Signers who still have to sign: those mailed their link, else (none yet mailed) everyone left. */
export function waitingFor(flow: SignFlowDetailResponse): Signer[] {
  const unsigned = flow.Signers.filter((signer) => signer.Status === 'Unsigned');
  const invited = unsigned.filter((signer) => signer.InvitedTimeUtc !== null);
  return invited.length > 0 ? invited : unsigned;
}

/**
 * The header's sentences for a flow that has left the draft state: when it was sent and how
 * far the signers are, then how it ended and with what comment. Times are filled in by the page.
 */
export function flowOutcome(flow: SignFlowDetailResponse): OutcomeLine[] {
  const state = flowPageState(flow);
  if (state === null) return [];
  const total = flow.Signers.length;
  const signed = flow.Signers.filter((signer) => signer.Status === 'Signed').length;
  const lines: OutcomeLine[] = [];
  if (flow.SentToSignersDate !== null)
    lines.push({ key: 'sent', params: {}, time: flow.SentToSignersDate });
  if (state === 'Sent' || state === 'Error') {
    lines.push({ key: 'progress', params: { signed, total } });
    const waiting = waitingFor(flow);
    if (state === 'Sent' && waiting.length > 0)
      lines.push({ key: 'waitingFor', params: { names: waiting.map(signerName).join(', ') } });
    return lines;
  }
  if (state === 'Finished') {
    lines.push({ key: 'finished', params: { total }, time: flow.CompletionTimeUtc });
    return lines;
  }
  if (state === 'Rejected') {
    const rejecter = flow.Signers.find((signer) => signer.Status === 'Rejected');
    lines.push({
      key: rejecter === undefined ? 'rejected' : 'rejectedBy',
      params: rejecter === undefined ? {} : { name: signerName(rejecter) },
      time: rejecter?.CompletionTimeUtc ?? flow.CompletionTimeUtc,
    });
    const comment = rejecter?.RejectionComment?.trim() ?? '';
    lines.push(
      comment === '' ? { key: 'noComment', params: {} } : { key: 'comment', params: { comment } },
    );
    return lines;
  }
  if (state === 'Expired') {
    lines.push({ key: 'expired', params: {}, time: flow.ExpiredTimeUtc });
    lines.push({ key: 'progress', params: { signed, total } });
    return lines;
  }
  lines.push({
    key: flow.CancelledBy === null ? 'cancelled' : 'cancelledBy',
    params: flow.CancelledBy === null ? {} : { name: flow.CancelledBy },
    time: flow.CompletionTimeUtc,
  });
  const comment = flow.CancellationComment?.trim() ?? '';
  lines.push(
    comment === '' ? { key: 'noComment', params: {} } : { key: 'comment', params: { comment } },
  );
  if (signed > 0) lines.push({ key: 'progress', params: { signed, total } });
  return lines;
}
