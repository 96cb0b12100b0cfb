import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signPdf } from '../src/sign.ts';
import { pdfLibDocument, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki();
});
afterEach(() => {
  vi.useRealTimers();
});

const hours = (count: number) => count * 3_600_000;

/** Signs a fresh PDF with a new 60-minute one-time certificate. */
async function signWithOneTimeCertificate(options: { timestamped: boolean; signingTime?: Date }) {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
  const { signer } = await pki.issue('Maija Meikäläinen');
  await signPdf({
    input: join(dir, 'in.pdf'),
    output: join(dir, 'out.pdf'),
    signer,
    ...(options.timestamped ? { level: 'B-T' as const, timestamp: pki.timestamp } : {}),
    ...(options.signingTime ? { signingTime: options.signingTime } : {}),
  });
  return join(dir, 'out.pdf');
}

/** Verifies as if it were `later` milliseconds from now (the certificate has expired by then). */
async function verifyLater(path: string, later: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + later);
  return verifyFile(path, [pki.root]);
}

describe('the time a signature is judged at', () => {
  it('trusts an expired one-time certificate at the time its signature time stamp vouches for', async () => {
    const path = await signWithOneTimeCertificate({ timestamped: true });
    const [report] = await verifyLater(path, hours(3));
    expect(report).toMatchObject({ valid: true, chainTrusted: true, level: 'B-T', problems: [] });
    expect(report?.validationTime).toEqual({
      time: report?.signatureTimestamp?.time,
      source: 'signature-timestamp',
    });
  });

  it('judges a signature without a time stamp at its claimed signing time', async () => {
    const path = await signWithOneTimeCertificate({ timestamped: false });
    const [report] = await verifyLater(path, hours(3));
    expect(report).toMatchObject({ valid: true, chainTrusted: true, level: 'B-B' });
    expect(report?.validationTime.source).toBe('claimed-time');
  });

  it('does not trust a certificate at a claimed time after it expired', async () => {
    const path = await signWithOneTimeCertificate({
      timestamped: false,
      signingTime: new Date(Date.now() + hours(2)),
    });
    const [report] = await verifyFile(path, [pki.root]);
    expect(report).toMatchObject({ valid: true, chainTrusted: false });
    expect(report?.problems.join()).toMatch(/Maija Meikäläinen.* was not valid at/);
  });
});
