import type { SignerStatus, SignFlowStatus } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { summarizeSigners } from './signer-summary.ts';

const flow = (Status: SignFlowStatus, ...statuses: SignerStatus[]) => ({
  Status,
  Signers: statuses.map((status, index) => ({ Name: `Signer ${index + 1}`, Status: status })),
});

describe('what the list says of the signers', () => {
  it('names a draft’s signers without a progress, since nothing was sent', () => {
    expect(summarizeSigners(flow('Draft', 'Unsigned', 'Unsigned'))).toEqual({
      progress: null,
      names: ['Signer 1', 'Signer 2'],
      namesAre: 'signers',
    });
  });

  it('counts the signatures of a sent flow and names whom it still waits for', () => {
    expect(summarizeSigners(flow('Sent', 'Signed', 'Unsigned', 'Unsigned'))).toEqual({
      progress: { signed: 1, total: 3 },
      names: ['Signer 2', 'Signer 3'],
      namesAre: 'waiting',
    });
  });

  it('names everyone once a sent flow has all its signatures and is being finished', () => {
    expect(summarizeSigners(flow('Sent', 'Signed', 'Signed'))).toMatchObject({
      progress: { signed: 2, total: 2 },
      namesAre: 'signers',
    });
  });

  it('names who rejected a rejected flow', () => {
    expect(summarizeSigners(flow('Rejected', 'Signed', 'Rejected', 'Unsigned'))).toEqual({
      progress: { signed: 1, total: 3 },
      names: ['Signer 2'],
      namesAre: 'rejectedBy',
    });
  });

  it.each(['Finished', 'Cancelled', 'Error'] as const)(
    'names every signer of a flow that ended (%s), with its count',
    (status) => {
      expect(summarizeSigners(flow(status, 'Signed', 'Unsigned'))).toEqual({
        progress: { signed: 1, total: 2 },
        names: ['Signer 1', 'Signer 2'],
        namesAre: 'signers',
      });
    },
  );

  it('has nothing to count for a flow without signers', () => {
    expect(summarizeSigners(flow('Sent'))).toEqual({
      progress: null,
      names: [],
      namesAre: 'signers',
    });
  });
});
