import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCollectedValidationData,
  addDocumentTimestamp,
  addValidationData,
  signAtLevel,
} from '../src/levels.ts';
import { readDss } from '../src/verify/validation-data.ts';
import { PdfDocument } from '../src/pdf/document.ts';
import { fileSource } from '../src/pdf/source.ts';
import type { Signer } from '../src/signers/signer.ts';
import { signPdf } from '../src/sign.ts';
import { startExternalTsa, type ExternalTsa } from './support/external-tsa.ts';
import { pdfLibDocument, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let tsa: ExternalTsa;
let maija: Signer;
beforeAll(async () => {
  [pki, tsa] = await Promise.all([createTestPki(), startExternalTsa()]);
  maija = (await pki.issue('Maija Meikäläinen')).signer;
});
afterAll(async () => {
  await tsa.close();
});

type Step = (input: string, output: string) => Promise<void>;

/** Runs the steps on a fresh PDF; answers the path of the result. */
async function afterSteps(steps: Step[]): Promise<string> {
  const dir = workDir();
  writeFileSync(join(dir, '0.pdf'), await pdfLibDocument(1));
  for (const [index, step] of steps.entries())
    await step(join(dir, `${index}.pdf`), join(dir, `${index + 1}.pdf`));
  return join(dir, `${steps.length}.pdf`);
}

/** Each report's kind and level, both PKIs' roots trusted. */
const levels = async (path: string) =>
  (await verifyFile(path, [pki.root, tsa.root])).map((report) => [report.kind, report.level]);

const signedWith =
  (timestamp: (digest: Buffer) => Promise<Buffer>): Step =>
  (input, output) =>
    signPdf({ input, output, signer: maija, level: 'B-T', timestamp });
const signedWithExternalTsa = signedWith((digest) => tsa.timestamp(digest));
/** The DSS as the portal and the CLI wrote it before: the signer's chain and its CRLs only. */
const signerDataOnly: Step = async (input, output) =>
  addValidationData(input, output, {
    certificates: [maija.certificate, ...maija.chain],
    crls: await pki.crls(),
  });
const collected: Step = async (input, output) =>
  addCollectedValidationData(input, output, {
    known: { certificates: [], crls: await pki.crls() },
  });
const stampedBy =
  (timestamp: (digest: Buffer) => Promise<Buffer>): Step =>
  (input, output) =>
    addDocumentTimestamp(input, output, timestamp);

describe("the level of a signature whose time stamps' chains lack validation data", () => {
  it('reads B-T for a file whose DSS lacks the signature time stamp TSA’s chain and revocation data', async () => {
    const path = await afterSteps([
      signedWithExternalTsa,
      signerDataOnly,
      stampedBy(pki.timestamp),
    ]);
    expect(await levels(path)).toEqual([
      ['signature', 'B-T'],
      ['document-timestamp', 'timestamp'],
    ]);
  });

  it('reads B-LTA for the same signature once the DSS holds the TSA’s chain and its OCSP and CRL data', async () => {
    const path = await afterSteps([signedWithExternalTsa, collected, stampedBy(pki.timestamp)]);
    expect(await levels(path)).toEqual([
      ['signature', 'B-LTA'],
      ['document-timestamp', 'timestamp'],
    ]);
    const source = await fileSource(path);
    try {
      const dss = await readDss(await PdfDocument.open(source));
      expect(dss.ocsps).toHaveLength(1);
      expect(dss.certificates).toEqual(expect.arrayContaining([tsa.certificate, tsa.ca, tsa.root]));
    } finally {
      await source.close();
    }
  });

  it('reads B-T when an earlier document time stamp’s chain lacks validation data, and B-LTA when it is added before the next', async () => {
    // The signature time stamp is the portal's; the first document time stamp the external TSA's.
    const first = [signedWith(pki.timestamp), collected, stampedBy(tsa.timestamp)];
    expect(await levels(await afterSteps([...first, stampedBy(pki.timestamp)]))).toEqual([
      ['signature', 'B-T'],
      ['document-timestamp', 'timestamp'],
      ['document-timestamp', 'timestamp'],
    ]);
    expect(await levels(await afterSteps([...first, collected, stampedBy(pki.timestamp)]))).toEqual(
      [
        ['signature', 'B-LTA'],
        ['document-timestamp', 'timestamp'],
        ['document-timestamp', 'timestamp'],
      ],
    );
  });

  it('signs at B-LTA with an external TSA, collecting its chain after signing', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signAtLevel({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'out.pdf'),
      signer: maija,
      level: 'B-LTA',
      timestamp: tsa.timestamp,
      validationData: { certificates: [], crls: await pki.crls() },
      collect: {},
    });
    expect(await levels(join(dir, 'out.pdf'))).toEqual([
      ['signature', 'B-LTA'],
      ['document-timestamp', 'timestamp'],
    ]);
  });
});
