import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import { pdfLibDocument, testIdentity, verifyFile, workDir } from './support/fixtures.ts';

const identity = testIdentity('ec', 'Maija Meikäläinen');
const other = testIdentity('rsa', 'Pekka Puupää');

/** The PDF date the signer writes for `date`, spelt out here: D:YYYYMMDDHHmmSS in UTC, +00'00'. */
function pdfDateInUtc(date: Date): string {
  const [day = '', time = ''] = date.toISOString().split('T');
  return `D:${day.replaceAll('-', '')}${time.slice(0, 8).replaceAll(':', '')}+00'00'`;
}

describe('verifyPdf', () => {
  it('reports a valid B-B signature covering the whole document, its signer and claimed time', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1, true));
    // Within the certificate's validity: the chain is judged at the claimed time.
    const signingTime = new Date(Math.floor(Date.now() / 1000) * 1000);
    await signPdf({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'out.pdf'),
      signer: keySigner(identity.privateKey, identity.certificate),
      fieldName: 'Maija',
      signingTime,
    });
    const [report] = await verifyFile(join(dir, 'out.pdf'), [identity.certificate]);
    expect(report).toMatchObject({
      fieldName: 'Maija',
      kind: 'signature',
      subFilter: 'ETSI.CAdES.detached',
      valid: true,
      coversWholeDocument: true,
      bytesAddedAfter: 0,
      claimedTime: pdfDateInUtc(signingTime),
      validationTime: { time: signingTime.toISOString(), source: 'claimed-time' },
      chainTrusted: true,
      level: 'B-B',
      problems: [],
    });
    expect(report?.signerSubject).toContain('CN=Maija Meikäläinen');
    expect(report?.certificatePath).toEqual([new X509Certificate(identity.certificate).toString()]);
    const [untrusted] = await verifyFile(join(dir, 'out.pdf'), [other.certificate]);
    expect(untrusted?.chainTrusted).toBe(false);
  });

  it('tells what was added after an earlier signature, and keeps both valid', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(2));
    await signPdf({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'one.pdf'),
      signer: keySigner(identity.privateKey, identity.certificate),
    });
    await signPdf({
      input: join(dir, 'one.pdf'),
      output: join(dir, 'two.pdf'),
      signer: keySigner(other.privateKey, other.certificate),
    });
    const reports = await verifyFile(join(dir, 'two.pdf'));
    expect(
      reports.map((report) => [report.fieldName, report.valid, report.coversWholeDocument]),
    ).toEqual([
      ['Signature1', true, false],
      ['Signature2', true, true],
    ]);
    expect(reports[0]?.bytesAddedAfter).toBe(
      readFileSync(join(dir, 'two.pdf')).length - readFileSync(join(dir, 'one.pdf')).length,
    );
  });

  it('reports a signature invalid when a signed byte changes', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signPdf({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'out.pdf'),
      signer: keySigner(identity.privateKey, identity.certificate),
    });
    const bytes = readFileSync(join(dir, 'out.pdf'));
    bytes[200] = (bytes[200] ?? 0) ^ 0x01;
    writeFileSync(join(dir, 'bad.pdf'), bytes);
    const [report] = await verifyFile(join(dir, 'bad.pdf'));
    expect(report).toMatchObject({ valid: false, digestMatches: false, level: 'none' });
  });
});
