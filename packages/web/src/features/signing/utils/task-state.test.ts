import { SignerTaskState } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { signedCount, stateNoticeFor } from './task-state.ts';

describe('the notice for a task’s state', () => {
  it('is absent while the task is open, so the signer can go on', () => {
    expect(stateNoticeFor('Open')).toBeNull();
  });

  it('tells the signer to wait for their turn', () => {
    expect(stateNoticeFor('NotYourTurn')).toEqual({ kind: 'notYourTurn', tone: 'info' });
  });

  it('confirms a signature as a success and a rejection as information', () => {
    expect(stateNoticeFor('Signed')).toEqual({ kind: 'done', state: 'Signed', tone: 'success' });
    expect(stateNoticeFor('Rejected')).toEqual({ kind: 'done', state: 'Rejected', tone: 'info' });
  });

  it('says the request ended, and why, for every ended state', () => {
    const ended = SignerTaskState.options.filter((state) => state.startsWith('Flow'));
    for (const state of ended)
      expect(stateNoticeFor(state)).toMatchObject({ kind: 'ended', state });
    expect(stateNoticeFor('FlowFailed')?.tone).toBe('danger');
  });
});

describe('the signing progress', () => {
  it('counts only the signers who signed', () => {
    const signers = [
      { Name: 'A', Status: 'Signed', IsYou: false },
      { Name: 'B', Status: 'Rejected', IsYou: false },
      { Name: 'C', Status: 'Unsigned', IsYou: true },
    ] as const;
    expect(signedCount([...signers])).toBe(1);
  });
});
