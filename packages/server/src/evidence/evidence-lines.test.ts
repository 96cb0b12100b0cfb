import { describe, expect, it } from 'vitest';
import { evidenceLines, maskIdentityCode, type EvidenceSubject } from './evidence-lines.ts';

const subject: EvidenceSubject = {
  flowName: 'Vuokrasopimus',
  fileName: 'sopimus.pdf',
  originalSha256: 'a'.repeat(64),
  signedSha256: 'b'.repeat(64),
  signers: [
    {
      name: 'Ville Virtanen',
      email: 'ville@example.com',
      level: 'Qualified',
      identity: {
        method: 'csc',
        email: 'ville@example.com',
        name: 'Ville Virtanen',
        issuer: 'https://tsp.example/csc/v2',
        subject: 'credential-7',
        certificates: [],
      },
      signedAt: '2026-11-28T06:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Firefox',
    },
  ],
  events: [
    {
      occurredAt: '2026-11-28T06:00:00.000Z',
      operation: 'Sign',
      actor: null,
      hash: 'c'.repeat(64),
    },
  ],
  writtenAt: new Date('2026-11-28T06:01:00.000Z'),
  timeZone: 'Europe/Helsinki',
};

describe('the evidence report’s lines', () => {
  it('keeps only the birth-date part of a personal identity code', () => {
    expect(maskIdentityCode('240587Y9033')).toBe('240587Y****');
    expect(maskIdentityCode('150375-901H')).toBe('150375-****');
    expect(maskIdentityCode('not a code')).toBe('****');
  });

  it('names the trust service and the credential of a qualified signature, and the chain head', () => {
    const { heading, lines } = evidenceLines(subject, 'fi');
    expect(heading).toBe('Allekirjoituspyynnön todisteraportti');
    expect(lines).toContain('Taso: Hyväksytty sähköinen allekirjoitus');
    expect(lines).toContain(
      'Tunnistettu: luottamuspalvelussa https://tsp.example/csc/v2, allekirjoitusvarmenne credential-7',
    );
    expect(lines).toContain(`Tiivisteketjun viimeinen tiiviste: ${'c'.repeat(64)}`);
  });
});
