import type { SignFlowDetailResponse, Signer } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { flowFixture, signerFixture } from './detail-fixtures.ts';
import { flowOutcome, flowPageState } from './flow-outcome.ts';

const signer = (name: string, overrides: Partial<Signer> = {}): Signer =>
  signerFixture({
    Guid: `signer-${name}`,
    Name: name,
    Email: `${name.toLowerCase()}@example.com`,
    ...overrides,
  });

const flow = (overrides: Partial<SignFlowDetailResponse>): SignFlowDetailResponse =>
  flowFixture({
    Name: 'Lease',
    SignFlowDetailsStatus: null,
    SignatureProcess: 'Sequential',
    ...overrides,
  });

const keys = (value: SignFlowDetailResponse) => flowOutcome(value).map((line) => line.key);

describe('flowOutcome', () => {
  it('tells how far a sent flow is and waits for the invited signers only', () => {
    const sent = flow({
      Signers: [
        signer('Anna', { Status: 'Signed', CompletionTimeUtc: '2025-01-04T10:00:00.000Z' }),
        signer('Bertil', { InvitedTimeUtc: '2025-01-04T10:00:00.000Z' }),
        signer('Cecilia'),
      ],
    });
    const lines = flowOutcome(sent);
    expect(lines.map((line) => line.key)).toEqual(['sent', 'progress', 'waitingFor']);
    expect(lines[1]?.params).toEqual({ signed: 1, total: 3 });
    expect(lines[2]?.params).toEqual({ names: 'Bertil' });
  });

  it('names the signer who rejected, when, and their comment', () => {
    const rejected = flow({
      Status: 'Rejected',
      Signers: [
        signer('Anna', {
          Status: 'Rejected',
          RejectionComment: 'Wrong sum',
          CompletionTimeUtc: '2025-01-05T10:00:00.000Z',
        }),
      ],
    });
    const lines = flowOutcome(rejected);
    expect(lines[1]).toEqual({
      key: 'rejectedBy',
      params: { name: 'Anna' },
      time: '2025-01-05T10:00:00.000Z',
    });
    expect(lines[2]).toEqual({ key: 'comment', params: { comment: 'Wrong sum' } });
  });

  it('tells an expiry from a cancel, and names who cancelled', () => {
    const expired = flow({ Status: 'Cancelled', ExpiredTimeUtc: '2025-02-01T00:00:00.000Z' });
    expect(flowPageState(expired)).toBe('Expired');
    expect(keys(expired)).toEqual(['sent', 'expired', 'progress']);
    const cancelled = flow({ Status: 'Cancelled', CancelledBy: 'Maija', CancellationComment: '' });
    expect(flowPageState(cancelled)).toBe('Cancelled');
    expect(keys(cancelled)).toEqual(['sent', 'cancelledBy', 'noComment']);
  });

  it('says nothing for a draft', () => {
    expect(flowOutcome(flow({ Status: 'Draft', SentToSignersDate: null }))).toEqual([]);
  });
});
