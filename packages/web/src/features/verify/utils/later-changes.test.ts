import { describe, expect, it } from 'vitest';
import { summariseLaterChanges } from './later-changes.ts';

describe('what was added after a signature', () => {
  it('counts the signatures and time stamps and notes validation data and an embedded file', () => {
    expect(
      summariseLaterChanges([
        { Kind: 'Signature', Detail: null },
        { Kind: 'Signature', Detail: null },
        { Kind: 'ValidationData', Detail: null },
        { Kind: 'DocumentTimestamp', Detail: null },
        { Kind: 'EmbeddedFile', Detail: 'the document catalog 1 changed: /AF' },
      ]),
    ).toEqual({
      signatures: 2,
      documentTimestamps: 1,
      validationData: true,
      embeddedFile: true,
      other: [],
    });
  });

  it('lists the other changes in the verifier’s words', () => {
    expect(
      summariseLaterChanges([
        { Kind: 'Other', Detail: 'page 3 changed: /Contents' },
        { Kind: 'Other', Detail: null },
      ]).other,
    ).toEqual(['page 3 changed: /Contents', 'Other']);
  });

  it('is nothing for nothing', () => {
    expect(summariseLaterChanges([])).toEqual({
      signatures: 0,
      documentTimestamps: 0,
      validationData: false,
      embeddedFile: false,
      other: [],
    });
  });
});
