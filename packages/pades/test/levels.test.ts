import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, signAtLevel } from '../src/levels.ts';
import { latestCertificateUse } from '../src/ltv/document-validation-data.ts';
import { signPdf } from '../src/sign.ts';
import type { Signer } from '../src/signers/signer.ts';
import {
  chromiumPdf,
  libreOfficeKinds,
  opensslVerifiesDocumentTimestamps,
  pdfLibDocument,
  pdfsig,
  qpdfCheck,
  rewriteWithQpdf,
  verifyFile,
  workDir,
} from './support/fixtures.ts';
import { hybridReferencePdf } from './support/hybrid-reference.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let signer: Signer;
let timestamp: (digest: Buffer) => Promise<Buffer>;
let validationData: { certificates: Buffer[]; crls: Buffer[] };

beforeAll(async () => {
  pki = await createTestPki();
  signer = (await pki.issue('Maija Meikäläinen', { serialNumber: 'PNOFI-131052-308T' })).signer;
  timestamp = pki.timestamp;
  const { timeStamping } = pki.pki;
  validationData = {
    certificates: [
      signer.certificate,
      ...signer.chain,
      timeStamping.certificate,
      ...timeStamping.chain,
    ],
    crls: await pki.crls(),
  };
});

const rootPem = () => pki.pki.root.certificatePem;
const untrustedPem = () => pki.pki.issuing.certificatePem + pki.pki.timeStamping.certificatePem;

function qpdfJson(path: string): string {
  return execFileSync('qpdf', ['--json', path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const kinds: Array<[string, () => Promise<Buffer> | Buffer]> = [
  ['pdf-lib', () => pdfLibDocument(2)],
  ['pdf-lib with object and cross-reference streams', () => pdfLibDocument(2, true)],
  [
    'qpdf object streams',
    async () => rewriteWithQpdf(await pdfLibDocument(2), ['--object-streams=generate']),
  ],
  ['qpdf --linearize', async () => rewriteWithQpdf(await pdfLibDocument(3), ['--linearize'])],
  ['qpdf --qdf', async () => rewriteWithQpdf(await pdfLibDocument(1), ['--qdf'])],
  ['Chromium', async () => chromiumPdf()],
  ['a hybrid-reference file (table and /XRefStm)', () => hybridReferencePdf()],
  ...libreOfficeKinds,
];

describe.each(kinds)('PAdES levels on a PDF from %s', (_label, make) => {
  it.each(['B-B', 'B-T', 'B-LT', 'B-LTA'] as const)(
    'reaches %s, valid for poppler, qpdf and our verifier',
    async (level) => {
      const dir = workDir();
      writeFileSync(join(dir, 'in.pdf'), await make());
      const output = join(dir, `${level}.pdf`);
      await signAtLevel({
        input: join(dir, 'in.pdf'),
        output,
        level,
        signer,
        timestamp,
        validationData,
        reason: 'Hyväksyn',
      });
      const poppler = pdfsig(output);
      // poppler validates the signature; document time stamps go to openssl (poppler cannot).
      expect(poppler.valid[0]).toBe(true);
      expect(poppler.valid).toHaveLength(level === 'B-LTA' ? 2 : 1);
      if (level === 'B-LTA') {
        expect(opensslVerifiesDocumentTimestamps(output, rootPem(), untrustedPem())).toEqual([
          true,
        ]);
      }
      expect(qpdfCheck(output)).toBeNull();
      const reports = await verifyFile(output, [pki.root]);
      const signature = reports.find((report) => report.kind === 'signature');
      expect(signature).toMatchObject({ valid: true, level, chainTrusted: true });
      if (level === 'B-B') expect(signature?.timestampTime).toBeNull();
      else expect(signature?.timestampTime).not.toBeNull();
      if (level === 'B-LT' || level === 'B-LTA') expect(qpdfJson(output)).toContain('"/DSS"');
      if (level === 'B-LTA') {
        const stamp = reports.find((report) => report.kind === 'document-timestamp');
        expect(stamp).toMatchObject({
          valid: true,
          coversWholeDocument: true,
          subFilter: 'ETSI.RFC3161',
        });
      }
    },
  );
});

describe('several signatures and a document time stamp', () => {
  it.each(kinds)(
    'keeps two signatures and the time stamp after them all valid on a PDF from %s',
    async (_label, make) => {
      const dir = workDir();
      writeFileSync(join(dir, 'in.pdf'), await make());
      await signPdf({
        input: join(dir, 'in.pdf'),
        output: join(dir, '1.pdf'),
        signer,
        level: 'B-T',
        timestamp,
      });
      const { signer: second } = await pki.issue('Pekka Puupää');
      await signPdf({
        input: join(dir, '1.pdf'),
        output: join(dir, '2.pdf'),
        signer: second,
      });
      await addDocumentTimestamp(join(dir, '2.pdf'), join(dir, '3.pdf'), timestamp);
      expect(pdfsig(join(dir, '3.pdf')).valid.slice(0, 2)).toEqual([true, true]);
      expect(qpdfCheck(join(dir, '3.pdf'))).toBeNull();
      expect(
        opensslVerifiesDocumentTimestamps(join(dir, '3.pdf'), rootPem(), untrustedPem()),
      ).toEqual([true]);
      const reports = await verifyFile(join(dir, '3.pdf'), [pki.root]);
      expect(reports.map((report) => [report.kind, report.valid])).toEqual([
        ['signature', true],
        ['signature', true],
        ['document-timestamp', true],
      ]);
      // The later document time stamp lifts the second (B-B) signature to B-T.
      expect(reports[1]?.level).toBe('B-T');
    },
  );

  it('signs five times in a row, every signature staying valid', async () => {
    const dir = workDir();
    writeFileSync(join(dir, '0.pdf'), await pdfLibDocument(1));
    for (let index = 1; index <= 5; index += 1) {
      await signPdf({
        input: join(dir, `${index - 1}.pdf`),
        output: join(dir, `${index}.pdf`),
        signer,
      });
    }
    expect(pdfsig(join(dir, '5.pdf')).valid).toEqual([true, true, true, true, true]);
    expect(qpdfCheck(join(dir, '5.pdf'))).toBeNull();
  });
});

describe('the latest signing time a document states', () => {
  it("is its last time stamp's genTime, and nothing for a file without signatures", async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    expect(await latestCertificateUse(join(dir, 'in.pdf'))).toBeUndefined();
    await signPdf({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'signed.pdf'),
      signer,
      level: 'B-T',
      timestamp,
    });
    const [signature] = await verifyFile(join(dir, 'signed.pdf'), [pki.root]);
    expect(signature?.timestampTime).toEqual(expect.any(String));
    const latest = await latestCertificateUse(join(dir, 'signed.pdf'));
    expect(latest?.toISOString()).toBe(signature?.timestampTime);
  });
});
