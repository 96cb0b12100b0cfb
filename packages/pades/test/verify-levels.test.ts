import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDocumentTimestamp, addValidationData } from '../src/levels.ts';
import type { Signer } from '../src/signers/signer.ts';
import { signPdf } from '../src/sign.ts';
import { pdfLibDocument, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let otherPki: TestPki;
let maija: Signer;
let pekka: Signer;
beforeAll(async () => {
  [pki, otherPki] = await Promise.all([createTestPki(), createTestPki({ organisation: 'Muu Oy' })]);
  maija = (await pki.issue('Maija Meikäläinen')).signer;
  pekka = (await pki.issue('Pekka Puupää')).signer;
});

/** Runs the steps in order on a fresh PDF, each step's output the next one's input; answers the reports. */
async function afterSteps(
  steps: Array<(input: string, output: string) => Promise<void>>,
): Promise<Array<[string, string]>> {
  const dir = workDir();
  writeFileSync(join(dir, '0.pdf'), await pdfLibDocument(1));
  for (const [index, step] of steps.entries())
    await step(join(dir, `${index}.pdf`), join(dir, `${index + 1}.pdf`));
  const reports = await verifyFile(join(dir, `${steps.length}.pdf`), [pki.root]);
  return reports.map((report) => [report.kind, report.level]);
}

const sign =
  (signer: Signer, level: 'B-B' | 'B-T' = 'B-B') =>
  (input: string, output: string) =>
    signPdf({ input, output, signer, level, timestamp: pki.timestamp });
const stamp = (input: string, output: string) => addDocumentTimestamp(input, output, pki.timestamp);
const dss =
  (signer: Signer, withCrls = true, from: TestPki = pki) =>
  async (input: string, output: string) =>
    addValidationData(input, output, {
      certificates: [signer.certificate, ...signer.chain],
      crls: withCrls ? await from.crls() : [],
    });

describe('the PAdES level our verifier reports', () => {
  it('never lifts a signature to B-T by a document time stamp made before it', async () => {
    expect(await afterSteps([stamp, sign(maija), sign(pekka)])).toEqual([
      ['document-timestamp', 'timestamp'],
      ['signature', 'B-B'],
      ['signature', 'B-B'],
    ]);
  });

  it('lifts a B-B signature to B-T by a document time stamp after it', async () => {
    expect(await afterSteps([sign(maija), stamp])).toEqual([
      ['signature', 'B-T'],
      ['document-timestamp', 'timestamp'],
    ]);
  });

  it('gives B-LT only when the DSS holds revocation data for the signer and its CA', async () => {
    expect(await afterSteps([sign(maija, 'B-T'), dss(maija, false)])).toEqual([
      ['signature', 'B-T'],
    ]);
    expect(await afterSteps([sign(maija, 'B-T'), dss(maija)])).toEqual([['signature', 'B-LT']]);
  });

  it("gives no B-LT for a DSS that holds another PKI's certificates and CRLs", async () => {
    const stranger = (await otherPki.issue('Outo Henkilö')).signer;
    expect(await afterSteps([sign(maija, 'B-T'), dss(stranger, true, otherPki)])).toEqual([
      ['signature', 'B-T'],
    ]);
  });

  it('gives B-LTA when a document time stamp covers the DSS, also after a later signature', async () => {
    expect(await afterSteps([sign(maija, 'B-T'), dss(maija), stamp, sign(pekka)])).toEqual([
      ['signature', 'B-LTA'],
      ['document-timestamp', 'timestamp'],
      ['signature', 'B-B'],
    ]);
  });

  it('gives B-LT, not B-LTA, when the only document time stamp precedes the DSS', async () => {
    expect(await afterSteps([sign(maija, 'B-T'), stamp, dss(maija)])).toEqual([
      ['signature', 'B-LT'],
      ['document-timestamp', 'timestamp'],
    ]);
  });
});
