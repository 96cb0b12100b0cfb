import type { VerifiedSignature } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { verdictOf } from './verdict.ts';

const sound: VerifiedSignature = {
  Kind: 'Signature',
  Signer: 'Maija Meikäläinen',
  ClaimedTime: '2026-11-25T10:00:00.000Z',
  TimestampTime: '2026-11-25T10:00:01.000Z',
  PortalLevel: 'Advanced',
  PadesLevel: 'B-LTA',
  Intact: true,
  CoversWholeDocument: false,
  LaterChanges: [
    { Kind: 'ValidationData', Detail: null },
    { Kind: 'DocumentTimestamp', Detail: null },
  ],
  ChainTrusted: true,
  Revocation: 'Good',
};
const stamp: VerifiedSignature = {
  ...sound,
  Kind: 'DocumentTimestamp',
  PortalLevel: null,
  PadesLevel: null,
  CoversWholeDocument: true,
  LaterChanges: [],
};
const with_ = (changes: Partial<VerifiedSignature>) => ({ ...sound, ...changes });

describe('the verdict on a file', () => {
  it('is Unsigned when the file has no signature or time stamp', () => {
    expect(verdictOf([])).toBe('Unsigned');
  });

  it('is Valid when every signature and time stamp is intact, trusted and not revoked, whatever was added after them that a signed PDF allows', () => {
    expect(
      verdictOf([sound, with_({ LaterChanges: [{ Kind: 'Signature', Detail: null }] }), stamp]),
    ).toBe('Valid');
  });

  it('is Invalid when one signature is not intact, even if the others are', () => {
    expect(verdictOf([sound, with_({ Intact: false }), stamp])).toBe('Invalid');
  });

  it('is Invalid when something a signed PDF does not allow was changed after a signature', () => {
    const changed = with_({
      LaterChanges: [{ Kind: 'Other', Detail: 'page 4 changed: /Contents' }],
    });
    expect(verdictOf([changed, stamp])).toBe('Invalid');
  });

  it('is Invalid when a certificate was revoked at the signature’s time', () => {
    expect(verdictOf([with_({ Revocation: 'Revoked' })])).toBe('Invalid');
  });

  it('is Invalid rather than Indeterminate when both a broken and an untrusted signature are there', () => {
    expect(verdictOf([with_({ ChainTrusted: false }), with_({ Intact: false })])).toBe('Invalid');
  });

  it('is Indeterminate when all are intact but one chain is not trusted', () => {
    expect(verdictOf([sound, with_({ ChainTrusted: false, Revocation: 'NotChecked' })])).toBe(
      'Indeterminate',
    );
  });

  it('is Indeterminate when all are intact and trusted but one’s revocation is unknown', () => {
    expect(verdictOf([with_({ Revocation: 'Unknown' }), stamp])).toBe('Indeterminate');
  });
});
