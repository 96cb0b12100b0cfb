import type { VerifiedSignature } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { reportLines } from './report-lines.ts';

const signature: VerifiedSignature = {
  Kind: 'Signature',
  Signer: 'Maija Meikäläinen',
  ClaimedTime: '2026-11-25T11:05:00.000Z',
  TimestampTime: '2026-11-25T11:05:02.000Z',
  PortalLevel: 'Advanced',
  PadesLevel: 'B-LTA',
  Intact: true,
  CoversWholeDocument: false,
  LaterChanges: [
    { Kind: 'Signature', Detail: null },
    { Kind: 'ValidationData', Detail: null },
  ],
  ChainTrusted: true,
  Revocation: 'Good',
};
const subject = {
  fileName: 'Vuokrasopimus.pdf',
  sha256: 'ab'.repeat(32),
  checkedAt: new Date('2026-11-25T12:00:00.000Z'),
  timeZone: 'Europe/Helsinki',
};

describe('the verification report’s words', () => {
  it('give the file, the verdict and each signature’s checks in English', () => {
    const { heading, lines } = reportLines(
      { Verdict: 'Valid', Signatures: [signature] },
      subject,
      'en',
    );
    expect(heading).toBe('Signature check');
    expect(lines).toContain('File: Vuokrasopimus.pdf');
    expect(lines).toContain(`SHA-256 of the file: ${'ab'.repeat(32)}`);
    expect(lines.find((line) => line.startsWith('Checked: '))).toMatch(/25\/11\/2026, 14:00:00/);
    expect(lines).toContain('Signature 1');
    expect(lines).toContain('Signed by: Maija Meikäläinen');
    expect(lines).toContain('Level: Advanced electronic signature');
    expect(lines).toContain('PAdES level: B-LTA');
    expect(lines).toContain(
      'Added after it (allowed after signing): 1 signature and validation data.',
    );
    expect(lines).toContain('Revocation: not revoked at the time of signing');
  });

  it('say in Finnish and Swedish when a file was changed in a way signatures do not allow', () => {
    const changed = {
      ...signature,
      LaterChanges: [{ Kind: 'Other' as const, Detail: 'page 1 changed: /Contents' }],
    };
    const result = { Verdict: 'Invalid' as const, Signatures: [changed] };
    expect(reportLines(result, subject, 'fi').lines).toContain(
      'Muutettu sen jälkeen tavalla, jota allekirjoitukset eivät salli: 1 muutos.',
    );
    expect(reportLines(result, subject, 'sv').lines[4]).toMatch(/^Inte giltig:/);
  });

  it('say that bytes were added without a change when nothing in the document changed', () => {
    const appended = { ...signature, LaterChanges: [] };
    expect(
      reportLines({ Verdict: 'Valid', Signatures: [appended] }, subject, 'en').lines,
    ).toContain(
      'Something was added to the file after it, but the document itself did not change.',
    );
  });
});
