import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import * as pkijs from 'pkijs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signPdf } from '../src/sign.ts';
import { pdfLibDocument, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let otherPki: TestPki;
beforeAll(async () => {
  [pki, otherPki] = await Promise.all([createTestPki(), createTestPki({ organisation: 'Muu Oy' })]);
});

/** Signs at B-T, taking the signature time stamp from `timestamp`; answers our report on it. */
async function signatureStampedBy(timestamp: (digest: Buffer) => Promise<Buffer>) {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
  const { signer } = await pki.issue('Maija Meikäläinen');
  const output = join(dir, 'out.pdf');
  await signPdf({ input: join(dir, 'in.pdf'), output, signer, level: 'B-T', timestamp });
  const [report] = await verifyFile(output, [pki.root]);
  return report;
}

describe('the signature time stamp', () => {
  it('is reported with its time, its TSA and its checks when sound, giving B-T', async () => {
    const report = await signatureStampedBy(pki.timestamp);
    expect(report?.signatureTimestamp).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      chainTrusted: true,
      valid: true,
      problems: [],
    });
    expect(report?.signatureTimestamp?.tsaSubject).toContain('Time Stamping Authority');
    expect(report?.timestampTime).toBe(report?.signatureTimestamp?.time);
    expect(report?.level).toBe('B-T');
  });

  it('gives no B-T when the token is over other data than the signature value', async () => {
    const other = createHash('sha256').update('another signature').digest();
    const report = await signatureStampedBy(() => pki.timestamp(other));
    expect(report).toMatchObject({ valid: true, level: 'B-B', timestampTime: null });
    expect(report?.signatureTimestamp).toMatchObject({ imprintMatches: false, valid: false });
  });

  it("gives no B-T when the token's own signature was altered", async () => {
    const report = await signatureStampedBy(async (digest) => {
      const token = Buffer.from(await pki.timestamp(digest));
      token[token.length - 1] = (token[token.length - 1] ?? 0) ^ 0x01;
      return token;
    });
    expect(report).toMatchObject({ valid: true, level: 'B-B' });
    expect(report?.signatureTimestamp).toMatchObject({
      imprintMatches: true,
      signatureValid: false,
      valid: false,
    });
  });

  it('gives no B-T when the TSA does not chain to the trust anchors', async () => {
    const report = await signatureStampedBy(otherPki.timestamp);
    expect(report).toMatchObject({ valid: true, chainTrusted: true, level: 'B-B' });
    expect(report?.signatureTimestamp).toMatchObject({ signatureValid: true, chainTrusted: false });
    expect(report?.problems.join()).toMatch(/signature time stamp: time-stamp authority/);
  });

  it('gives no B-T for a token that is not a time-stamp token at all', async () => {
    const report = await signatureStampedBy(async () =>
      Buffer.from('300d06092a864886f70d010701a000', 'hex'),
    );
    expect(report).toMatchObject({ valid: true, level: 'B-B' });
    expect(report?.signatureTimestamp?.problems.join()).toMatch(/unreadable time-stamp token/);
  });

  it('reports a token whose TSA certificate cannot be read, and still verifies the signature', async () => {
    const tsa = pkijs.Certificate.fromBER(new Uint8Array(pki.pki.timeStamping.certificate));
    const subject = Buffer.from(tsa.subject.toSchema().toBER(false));
    const report = await signatureStampedBy(async (digest) => {
      const token = Buffer.from(await pki.timestamp(digest));
      // Invalid UTF-8 in the TSA's subject: pkijs still reads the certificate, node does not.
      token[token.indexOf(subject) + subject.length - 1] = 0xff;
      return token;
    });
    expect(report).toMatchObject({ valid: true, level: 'B-B', timestampTime: null });
    expect(report?.signatureTimestamp).toMatchObject({ tsaSubject: null, valid: false });
    expect(report?.signatureTimestamp?.problems.join()).toMatch(/certificate cannot be read/);
  });
});
