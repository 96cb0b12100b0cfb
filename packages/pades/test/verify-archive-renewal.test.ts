import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';
import { addCollectedValidationData, addDocumentTimestamp } from '../src/levels.ts';
import { archiveRenewalDue, lastDocumentTimestamp } from '../src/ltv/archive-timestamp.ts';
import { fileSource } from '../src/pdf/source.ts';
import type { Signer } from '../src/signers/signer.ts';
import { signPdf } from '../src/sign.ts';
import { verifyPdf } from '../src/verify/verify.ts';
import { startExternalTsa, type ExternalTsa } from './support/external-tsa.ts';
import { pdfLibDocument, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const dayMs = 86_400_000;
const pemOf = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
let pki: TestPki;
let tsa: ExternalTsa;
let maija: Signer;
let firstTsaCertificateExpiry: Date;
beforeAll(async () => {
  // The TSA's first certificate lives ten days; the test rolls it over to a two-year one.
  [pki, tsa] = await Promise.all([createTestPki(), startExternalTsa({ tsaValidDays: 10 })]);
  maija = (await pki.issue('Maija Meikäläinen')).signer;
});
afterAll(async () => {
  await tsa.close();
});

type Step = (input: string, output: string) => Promise<void>;
const signed: Step = (input, output) =>
  signPdf({ input, output, signer: maija, level: 'B-T', timestamp: (d) => tsa.timestamp(d) });
const collected: Step = async (input, output) =>
  addCollectedValidationData(input, output, {
    known: { certificates: [], crls: await pki.crls() },
  });
const stamped: Step = (input, output) =>
  addDocumentTimestamp(input, output, (digest) => tsa.timestamp(digest));

async function afterSteps(dir: string, from: string, steps: Step[]): Promise<string> {
  let input = from;
  for (const [index, step] of steps.entries()) {
    const output = join(dir, `${index}-${Date.now()}.pdf`);
    await step(input, output);
    input = output;
  }
  return input;
}

async function verifyAt(path: string, validationTime?: Date) {
  const source = await fileSource(path);
  try {
    return await verifyPdf(source, {
      trustAnchors: [pki.root, tsa.root],
      ...(validationTime ? { validationTime } : {}),
    });
  } finally {
    await source.close();
  }
}
const levels = (reports: Awaited<ReturnType<typeof verifyAt>>) =>
  reports.map((report) => [report.kind, report.level, report.chainTrusted]);

describe('an archive time stamp renewed before its TSA certificate expires', () => {
  let lta: string;
  let renewed: string;
  beforeAll(async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    lta = await afterSteps(dir, join(dir, 'in.pdf'), [signed, collected, stamped]);
    const archive = await lastDocumentTimestamp(lta);
    firstTsaCertificateExpiry = archive?.certificateExpiresAt ?? new Date(0);
    await tsa.rollOver();
    // Renewal: validation data for the last time stamp, then a new document time stamp.
    renewed = await afterSteps(dir, lta, [collected, stamped]);
  });

  it('reads the last document time stamp and when its renewal is due', async () => {
    const archive = await lastDocumentTimestamp(lta);
    expect(archive).toMatchObject({ hashAlgorithm: 'SHA-256', hashSupported: true });
    const daysLeft = ((archive?.certificateExpiresAt.getTime() ?? 0) - Date.now()) / dayMs;
    expect(daysLeft).toBeGreaterThan(9.9);
    expect(daysLeft).toBeLessThanOrEqual(10);
    if (!archive) return;
    expect(archiveRenewalDue(archive, 3 * dayMs)).toEqual(
      new Date(archive.certificateExpiresAt.getTime() - 3 * dayMs),
    );
    expect(archiveRenewalDue({ ...archive, hashSupported: false }, 3 * dayMs)).toEqual(
      archive.genTime,
    );
    const after = await lastDocumentTimestamp(renewed);
    expect(after?.certificateExpiresAt.getTime()).toBeGreaterThan(Date.now() + 700 * dayMs);
  });

  it('is B-LTA today, renewed or not', async () => {
    expect(levels(await verifyAt(lta))).toEqual([
      ['signature', 'B-LTA', true],
      ['document-timestamp', 'timestamp', true],
    ]);
    expect(levels(await verifyAt(renewed))).toEqual([
      ['signature', 'B-LTA', true],
      ['document-timestamp', 'timestamp', true],
      ['document-timestamp', 'timestamp', true],
    ]);
  });

  it('stays B-LTA after the first TSA certificate expired, its time stamps proven by the renewal', async () => {
    const later = new Date(firstTsaCertificateExpiry.getTime() + dayMs);
    const reports = await verifyAt(renewed, later);
    expect(levels(reports)).toEqual([
      ['signature', 'B-LTA', true],
      ['document-timestamp', 'timestamp', true],
      ['document-timestamp', 'timestamp', true],
    ]);
    expect(reports.every((report) => report.valid && report.problems.length === 0)).toBe(true);
    expect(reports[0]?.signatureTimestamp).toMatchObject({ valid: true, chainTrusted: true });
  });

  it('no longer trusts the time stamps of a file left unrenewed once their TSA certificate expired', async () => {
    const later = new Date(firstTsaCertificateExpiry.getTime() + dayMs);
    const reports = await verifyAt(lta, later);
    expect(levels(reports)).toEqual([
      ['signature', 'B-B', true],
      ['document-timestamp', 'timestamp', false],
    ]);
    expect(reports[1]?.problems.join()).toMatch(/expired at .* before any later time stamp/);
    expect(reports[0]?.signatureTimestamp).toMatchObject({ valid: false, chainTrusted: false });
  });

  it('judges at the time `pades verify --at` names, and refuses one that is no time', async () => {
    const dir = workDir();
    const trust = join(dir, 'roots.pem');
    writeFileSync(trust, [pki.root, tsa.root].map(pemOf).join(''));
    const later = new Date(firstTsaCertificateExpiry.getTime() + dayMs).toISOString();
    const verify = (path: string, at: string) =>
      runCli(['verify', path, '--trust', trust, '--at', at], () => undefined);
    expect(await verify(renewed, later)).toBe(0);
    expect(await verify(lta, later)).toBe(1);
    await expect(verify(lta, 'next year')).rejects.toThrow(/--at next year is not a time/);
  });

  it('still trusts the unrenewed file at a time before the certificate expired', async () => {
    const before = new Date(firstTsaCertificateExpiry.getTime() - dayMs);
    expect(levels(await verifyAt(lta, before))).toEqual([
      ['signature', 'B-LTA', true],
      ['document-timestamp', 'timestamp', true],
    ]);
  });
});
