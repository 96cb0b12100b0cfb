import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { createCrl } from '../src/pki/crl.ts';
import { toPem } from '../src/pki/credential.ts';
import { startCrlServer, type TestCrlServer } from './support/crl-server.ts';
import { startExternalTsa, type ExternalTsa } from './support/external-tsa.ts';
import { serialOf } from './support/ocsp-responder.ts';
import { pdfLibDocument, pkcs12File, verifyFile, workDir } from './support/fixtures.ts';
import { runPades } from './support/run-pades.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';
import {
  serveResponder,
  startTestTsaServer,
  type TestTsaServer,
} from './support/timestamp-server.ts';

let pki: TestPki;
let crlServer: TestCrlServer;
let tsa: TestTsaServer;
let externalTsa: ExternalTsa;
let dir: string;
let p12: string;

beforeAll(async () => {
  crlServer = await startCrlServer();
  pki = await createTestPki({
    crlUrl: `${crlServer.url}/issuing.crl`,
    rootCrlUrl: `${crlServer.url}/root.crl`,
  });
  const [issuingCrl, rootCrl] = await pki.crls();
  crlServer.crls.set('/issuing.crl', issuingCrl ?? Buffer.alloc(0));
  crlServer.crls.set('/root.crl', rootCrl ?? Buffer.alloc(0));
  tsa = await startTestTsaServer(serveResponder((query) => pki.responder.respond(query)));
  externalTsa = await startExternalTsa();
  dir = workDir();
  const { seal, issuing, root } = pki.pki;
  p12 = pkcs12File(dir, 'salasana', {
    keyPem: String(seal.privateKey.export({ type: 'pkcs8', format: 'pem' })),
    certificatePem: seal.certificatePem,
    chainPem: issuing.certificatePem + root.certificatePem,
  }).p12;
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
});
afterAll(async () => {
  await Promise.all([crlServer.close(), tsa.close(), externalTsa.close()]);
});

const signArgs = (output: string, ...more: string[]) => [
  'sign',
  '--in',
  join(dir, 'in.pdf'),
  '--out',
  output,
  '--p12',
  p12,
  '--password',
  'salasana',
  ...more,
];
const levelsOf = async (path: string) =>
  (await verifyFile(path, [pki.root])).map((report) => [report.kind, report.level, report.valid]);

describe('pades timestamp', () => {
  it('time-stamps with the TSA that TSA_URL names when --tsa is not given', async () => {
    const output = join(workDir(), 'stamped.pdf');
    const stamped = await runPades(['timestamp', '--in', join(dir, 'in.pdf'), '--out', output], {
      TSA_URL: tsa.url,
    });
    expect(stamped).toMatchObject({ code: 0, stderr: '' });
    expect(await levelsOf(output)).toEqual([['document-timestamp', 'timestamp', true]]);
  });

  it("adds an earlier document time stamp's chain before stamping again, keeping B-LTA", async () => {
    const work = workDir();
    const signed = join(work, 'signed.pdf');
    expect((await runPades(signArgs(signed, '--level', 'B-LTA', '--tsa', tsa.url))).code).toBe(0);
    const stamp = (input: string, output: string) =>
      runPades(['timestamp', '--in', input, '--out', output, '--tsa', externalTsa.url]);
    // The first external stamp is the last one: nothing needs its chain yet.
    expect(await stamp(signed, join(work, 'once.pdf'))).toMatchObject({ code: 0, stderr: '' });
    const before = externalTsa.ocsp.asked.length;
    expect(await stamp(join(work, 'once.pdf'), join(work, 'twice.pdf'))).toMatchObject({
      code: 0,
      stderr: '',
    });
    expect(externalTsa.ocsp.asked.length).toBeGreaterThan(before);
    const reports = await verifyFile(join(work, 'twice.pdf'), [pki.root, externalTsa.root]);
    expect(reports.map((report) => [report.kind, report.level])).toEqual([
      ['signature', 'B-LTA'],
      ['document-timestamp', 'timestamp'],
      ['document-timestamp', 'timestamp'],
      ['document-timestamp', 'timestamp'],
    ]);
    // Three CLI runs, each a process of its own reading the fonts: a loaded machine needs more.
  }, 60_000);

  it('refuses without --tsa or TSA_URL, saying how to name a TSA', async () => {
    const output = join(workDir(), 'stamped.pdf');
    const refused = await runPades(['timestamp', '--in', join(dir, 'in.pdf'), '--out', output]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs a time-stamp authority: give --tsa URL or set TSA_URL');
    expect(existsSync(output)).toBe(false);
  });
});

describe('pades sign --level', () => {
  it('signs at B-T with the TSA that TSA_URL names', async () => {
    const output = join(workDir(), 'bt.pdf');
    expect(await runPades(signArgs(output, '--level', 'B-T'), { TSA_URL: tsa.url })).toMatchObject({
      code: 0,
      stderr: '',
    });
    expect(await levelsOf(output)).toEqual([['signature', 'B-T', true]]);
  });

  it("signs at B-LT with the CRLs fetched from the chain's distribution points", async () => {
    const output = join(workDir(), 'blt.pdf');
    const before = crlServer.requests.length;
    expect(await runPades(signArgs(output, '--level', 'B-LT', '--tsa', tsa.url))).toMatchObject({
      code: 0,
    });
    expect(crlServer.requests.slice(before).sort()).toEqual(['/issuing.crl', '/root.crl']);
    const [report] = await verifyFile(output, [pki.root]);
    expect(report).toMatchObject({
      level: 'B-LT',
      chainTrusted: true,
      revocation: { status: 'good' },
    });
  });

  it('signs at B-LTA, a document time stamp over the validation data', async () => {
    const output = join(workDir(), 'blta.pdf');
    expect(
      await runPades(signArgs(output, '--level', 'B-LTA'), { TSA_URL: tsa.url }),
    ).toMatchObject({ code: 0 });
    expect(await levelsOf(output)).toEqual([
      ['signature', 'B-LTA', true],
      ['document-timestamp', 'timestamp', true],
    ]);
  });

  it("signs at B-LTA with an external TSA, its chain and OCSP response in the DSS (EU DSS's B-LTA)", async () => {
    const output = join(workDir(), 'blta-external.pdf');
    const signed = await runPades(signArgs(output, '--level', 'B-LTA', '--tsa', externalTsa.url));
    expect(signed).toMatchObject({ code: 0, stderr: '' });
    expect(externalTsa.ocsp.asked).toContain(serialOf(externalTsa.certificate));
    const reports = await verifyFile(output, [pki.root, externalTsa.root]);
    expect(reports.map((report) => [report.kind, report.level, report.valid])).toEqual([
      ['signature', 'B-LTA', true],
      ['document-timestamp', 'timestamp', true],
    ]);
    expect(reports[0]?.signatureTimestamp).toMatchObject({ valid: true, chainTrusted: true });
  });

  it('refuses to sign with a revoked certificate, naming the CRL that revokes it', async () => {
    const output = join(workDir(), 'revoked.pdf');
    const issuingCrl = crlServer.crls.get('/issuing.crl');
    const serial = new X509Certificate(pki.pki.seal.certificate).serialNumber;
    crlServer.crls.set(
      '/issuing.crl',
      await createCrl(pki.pki, { revoked: [{ serial, revokedAt: new Date(Date.now() - 60_000) }] }),
    );
    try {
      const refused = await runPades(signArgs(output, '--level', 'B-LT'), { TSA_URL: tsa.url });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /e-seal was revoked at .*, says the CRL http:\/\/127\.0\.0\.1:\d+\/issuing\.crl/,
      );
      expect(existsSync(output)).toBe(false);
    } finally {
      if (issuingCrl) crlServer.crls.set('/issuing.crl', issuingCrl);
    }
  });

  it('fails clearly, writing nothing, when a CRL cannot be fetched', async () => {
    const output = join(workDir(), 'blt.pdf');
    const rootCrl = crlServer.crls.get('/root.crl');
    crlServer.crls.delete('/root.crl');
    try {
      const failed = await runPades(signArgs(output, '--level', 'B-LT'), { TSA_URL: tsa.url });
      expect(failed.code).toBe(2);
      expect(failed.stderr).toMatch(
        /cannot fetch the CRL http:\/\/127\.0\.0\.1:\d+\/root\.crl: HTTP 404/,
      );
      expect(existsSync(output)).toBe(false);
    } finally {
      if (rootCrl) crlServer.crls.set('/root.crl', rootCrl);
    }
  });

  it('refuses a level that needs a time stamp without --tsa or TSA_URL', async () => {
    const refused = await runPades(signArgs(join(workDir(), 'bt.pdf'), '--level', 'B-T'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--level B-T needs a time-stamp authority');
  });
});

describe('pades sign --field and pades verify', () => {
  it('signs the prepared field that --field names', async () => {
    const work = workDir();
    await prepareForSigning({
      input: join(dir, 'in.pdf'),
      output: join(work, 'prepared.pdf'),
      title: 'Vuokrasopimus',
      signers: [{ name: 'Maija Meikäläinen' }, { name: 'Pekka Puupää' }],
      language: 'fi',
    });
    const output = join(work, 'out.pdf');
    const args = signArgs(output, '--field', 'Signer2');
    args[2] = join(work, 'prepared.pdf');
    expect(await runPades(args)).toMatchObject({ code: 0, stderr: '' });
    const [report] = await verifyFile(output, [pki.root]);
    expect(report).toMatchObject({ fieldName: 'Signer2', valid: true, level: 'B-B' });
  });

  it('exits 1 for a tampered signature and 0 for the same file untouched', async () => {
    const work = workDir();
    const output = join(work, 'out.pdf');
    expect((await runPades(signArgs(output))).code).toBe(0);
    writeFileSync(join(work, 'root.pem'), pki.pki.root.certificatePem);
    expect((await runPades(['verify', output, '--trust', join(work, 'root.pem')])).code).toBe(0);
    // A bundle is read whole: the anchor is its second certificate.
    writeFileSync(
      join(work, 'bundle.pem'),
      toPem(externalTsa.root, 'CERTIFICATE') + pki.pki.root.certificatePem,
    );
    const bundle = await runPades(['verify', output, '--trust', join(work, 'bundle.pem')]);
    expect(bundle).toMatchObject({ code: 0 });
    expect(bundle.stdout).toContain('chain reaches a trust anchor');
    const bytes = readFileSync(output);
    bytes[300] = (bytes[300] ?? 0) ^ 0x01;
    writeFileSync(join(work, 'tampered.pdf'), bytes);
    const tampered = await runPades([
      'verify',
      join(work, 'tampered.pdf'),
      '--trust',
      join(work, 'root.pem'),
    ]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain('INVALID');
  });
});
