import type { SignerTask, SignerTaskState } from '@esign/contract';

export type NoticeTone = 'success' | 'info' | 'warning' | 'danger';

/** What the page says instead of the signing steps when the task is not open for this signer. */
export type StateNotice =
  | { kind: 'notYourTurn'; tone: NoticeTone }
  | { kind: 'done'; state: 'Signed' | 'Rejected'; tone: NoticeTone }
  | {
      kind: 'ended';
      state: 'FlowFinished' | 'FlowRejected' | 'FlowCancelled' | 'FlowExpired' | 'FlowFailed';
      tone: NoticeTone;
    };

/** The notice for a task's state; null while it is open, which means the signer goes on. */
export function stateNoticeFor(state: SignerTaskState): StateNotice | null {
  switch (state) {
    case 'Open':
      return null;
    case 'NotYourTurn':
      return { kind: 'notYourTurn', tone: 'info' };
    case 'Signed':
      return { kind: 'done', state, tone: 'success' };
    case 'Rejected':
      return { kind: 'done', state, tone: 'info' };
    case 'FlowFailed':
      return { kind: 'ended', state, tone: 'danger' };
    case 'FlowFinished':
    case 'FlowRejected':
    case 'FlowCancelled':
    case 'FlowExpired':
      return { kind: 'ended', state, tone: 'warning' };
  }
}

/** How many of the signers have signed, for the progress line. */
export function signedCount(signers: SignerTask['Signers']): number {
  return signers.filter((signer) => signer.Status === 'Signed').length;
}
