import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';
import { createCadesSignature } from '../src/cms/cades.ts';
import { addValidationData } from '../src/levels.ts';
import { appendSignature, signPdf } from '../src/sign.ts';
import { pdfLibDocument, verifyFile, workDir } from './support/fixtures.ts';
import { createOcspResponse } from './support/ocsp.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki();
});

const minutes = (count: number) => count * 60_000;

/** A B-T signature by a new one-time certificate, with the DSS `dss` makes for it (if any). */
async function signedWith(
  dss?: (
    issued: Awaited<ReturnType<TestPki['issue']>>,
  ) => Promise<{ crls: Buffer[]; ocsps?: Buffer[] }>,
) {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
  const issued = await pki.issue('Maija Meikäläinen');
  const { signer } = issued;
  const signed = join(dir, 'signed.pdf');
  await signPdf({
    input: join(dir, 'in.pdf'),
    output: signed,
    signer,
    level: 'B-T',
    timestamp: pki.timestamp,
  });
  if (!dss) return signed;
  const output = join(dir, 'out.pdf');
  await addValidationData(signed, output, {
    certificates: [signer.certificate, ...signer.chain],
    ...(await dss(issued)),
  });
  return output;
}

describe('revocation at signing time', () => {
  it('reports a signer revoked before signing (a CRL in the DSS), and pades verify exits 1', async () => {
    const path = await signedWith(async ({ serial }) => ({
      crls: await pki.crls([{ serial, revokedAt: new Date(Date.now() - 1000) }]),
    }));
    const [report] = await verifyFile(path, [pki.root]);
    expect(report?.revocation.status).toBe('revoked');
    expect(report?.revocation.certificates[0]).toMatchObject({ status: 'revoked', source: 'CRL' });
    expect(report?.problems.join()).toMatch(/Maija Meikäläinen.* was revoked at/);
    const trust = join(workDir(), 'root.pem');
    writeFileSync(trust, pki.pki.root.certificatePem);
    const printed: string[] = [];
    expect(await runCli(['verify', path, '--trust', trust], (line) => printed.push(line))).toBe(1);
    expect(printed.join('\n')).toContain('revocation REVOKED');
  });

  it('counts a revocation after the signature time stamp as good then, saying when it came', async () => {
    const later = new Date(Date.now() + minutes(30));
    const path = await signedWith(async ({ serial }) => ({
      crls: await pki.crls([{ serial, revokedAt: later }]),
    }));
    const [report] = await verifyFile(path, [pki.root]);
    expect(report?.revocation).toMatchObject({ status: 'good' });
    expect(report?.revocation.certificates[0]).toMatchObject({
      status: 'good',
      revokedAt: new Date(Math.floor(later.getTime() / 1000) * 1000).toISOString(),
    });
    expect(report?.level).toBe('B-LT');
  });

  it('says unknown for the signer and its CA when there is no revocation data', async () => {
    const [report] = await verifyFile(await signedWith(), [pki.root]);
    expect(report?.revocation.status).toBe('unknown');
    expect(
      report?.revocation.certificates.map((item) => [item.subject.split(', ').at(-1), item.status]),
    ).toEqual([
      ['CN=Maija Meikäläinen', 'unknown'],
      ['CN=Esimerkkiyliopisto Issuing CA', 'unknown'],
    ]);
  });

  it('ignores a CRL that names the CA but is not signed by it', async () => {
    const impostor = await createTestPki();
    const path = await signedWith(async ({ serial }) => ({
      crls: await impostor.crls([{ serial, revokedAt: new Date(Date.now() - 1000) }]),
    }));
    const [report] = await verifyFile(path, [pki.root]);
    expect(report?.revocation.status).toBe('unknown');
    expect(report?.level).toBe('B-T');
  });

  it('reads OCSP responses from the DSS, good and revoked', async () => {
    const ocspSaying =
      (status: 'good' | { revokedAt: Date }) =>
      async ({ credential }: Awaited<ReturnType<TestPki['issue']>>) => ({
        crls: (await pki.crls()).slice(1),
        ocsps: [
          createOcspResponse({
            certificate: credential.certificate,
            issuer: pki.pki.issuing,
            status,
          }),
          // The signature time stamp's TSA needs revocation data too for B-LT.
          createOcspResponse({
            certificate: pki.pki.timeStamping.certificate,
            issuer: pki.pki.issuing,
            status: 'good',
          }),
        ],
      });
    const [good] = await verifyFile(await signedWith(ocspSaying('good')), [pki.root]);
    expect(good?.revocation.certificates.map((item) => [item.status, item.source])).toEqual([
      ['good', 'OCSP'],
      ['good', 'CRL'],
    ]);
    expect(good?.level).toBe('B-LT');
    const revokedAt = new Date(Date.now() - 1000);
    const [revoked] = await verifyFile(await signedWith(ocspSaying({ revokedAt })), [pki.root]);
    expect(revoked?.revocation.certificates[0]).toMatchObject({
      status: 'revoked',
      source: 'OCSP',
    });
  });

  it('reads CRLs that the CMS itself carries', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    const { signer, serial } = await pki.issue('Maija Meikäläinen');
    const crls = await pki.crls([{ serial, revokedAt: new Date(Date.now() - 1000) }]);
    await appendSignature({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'out.pdf'),
      kind: 'signature',
      makeContents: async (contentDigest) =>
        withCrls(await createCadesSignature({ contentDigest, signer }), crls),
    });
    const [report] = await verifyFile(join(dir, 'out.pdf'), [pki.root]);
    expect(report).toMatchObject({ valid: true, chainTrusted: true });
    expect(report?.revocation.certificates.map((item) => item.status)).toEqual(['revoked', 'good']);
  });
});

/** The CMS with the CRLs in its RevocationInfoChoices (outside what the signature covers). */
function withCrls(cms: Buffer, crls: Buffer[]): Buffer {
  const info = pkijs.ContentInfo.fromBER(new Uint8Array(cms));
  const signedData = new pkijs.SignedData({ schema: info.content });
  signedData.crls = crls.map((der) => pkijs.CertificateRevocationList.fromBER(new Uint8Array(der)));
  const content = signedData.toSchema(true);
  return Buffer.from(
    new pkijs.ContentInfo({ contentType: info.contentType, content }).toSchema().toBER(false),
  );
}
