import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addDocumentTimestamp,
  addValidationData,
  bufferSource,
  issueOneTimeCertificate,
  keySigner,
  prepareForSigning,
  signPdf,
  verifyPdf,
} from '@esign/pades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { SignerRow, SignFlowRow } from '../src/db/schema.ts';
import { loadPortalTrust } from '../src/pki/portal-trust.ts';
import { addPersonalSignedFile } from '../src/signing/personal-signed-file.ts';
import type { SigningDeps } from '../src/signing/signing-deps.ts';
import { scratchOf } from '../src/files/scratch.ts';
import { createFileStorage } from '../src/storage/create-storage.ts';
import { systemClock } from '../src/time/clock.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { makePdf } from './support/pdf.ts';
import { pdfsigVerdicts } from './support/signing.ts';

const now = '2025-01-01T10:00:00.000Z';

function flowRow(language: string | null): SignFlowRow {
  return {
    id: 'f1a2b3c4-0000-4000-8000-000000000001',
    owner_id: 'u1',
    group_id: null,
    name: 'Vuokrasopimus',
    name_search: 'vuokrasopimus',
    note: null,
    status: 'Sent',
    signature_process: 'Sequential',
    minimum_signature_level: 'Advanced',
    inspector_email: null,
    reminder_interval_days: null,
    cancellation_comment: null,
    language,
    created_at: now,
    updated_at: now,
    sent_at: now,
    cancelled_at: null,
    finished_at: null,
    rejected_at: null,
    last_status_query_at: null,
    auto_delete_at: null,
    deadline_at: null,
    expiry_date: null,
    working_file_id: null,
    failure_reason: null,
  };
}

function signerRow(position: number, fields: Partial<SignerRow>): SignerRow {
  return {
    id: `s${position}`,
    flow_id: flowRow(null).id,
    position,
    name: `Signer ${position}`,
    email: `signer${position}@example.fi`,
    organisation: null,
    personal_identity_code: null,
    role: null,
    status: 'Signed',
    rejection_comment: null,
    completed_at: now,
    token_salt: null,
    token_hash: null,
    invited_at: now,
    reminded_at: null,
    code_hash: null,
    code_expires_at: null,
    code_attempts: 0,
    codes_sent: 0,
    code_sent_at: null,
    code_failures: 0,
    code_locked_at: null,
    verified_identity: null,
    signature_level: 'Advanced',
    signed_copy_hash: null,
    signed_copy_expires_at: null,
    ...fields,
  };
}

const signers = [
  signerRow(0, {
    name: 'Maija Meikäläinen',
    email: 'maija@example.fi',
    verified_identity: JSON.stringify({
      method: 'oidc',
      name: 'Maija Meikäläinen',
      email: 'maija@example.fi',
      personalIdentityCode: '010190-123A',
      certificates: [],
    }),
  }),
  signerRow(1, {
    // A Northern Sámi name: the page prints it as written (no WinAnsi '?').
    name: 'Áile Ŋuvttaš-Čoarvi',
    email: 'aile@example.no',
    signature_level: 'Low',
    verified_identity: JSON.stringify({
      method: 'email-code',
      name: null,
      email: 'aile@example.no',
      certificates: [],
    }),
  }),
];

let database: TestDatabase;
let deps: SigningDeps;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  await migrateToLatest(database.handle);
  // The same configuration as test/support/test-app.ts, without building the app.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    ORGANIZATION_NAME: 'Esimerkkiyliopisto',
  });
  deps = {
    db: database.handle.db,
    config,
    storage: createFileStorage(config),
    scratch: scratchOf(config.dataDir, 'personalfiletest'),
    trust: await loadPortalTrust(database.handle.db, config, systemClock),
    clock: systemClock,
  };
});
afterAll(async () => {
  await database?.dispose();
});

/** The finished B-LTA signed file of a flow: both signers signed with one-time certificates. */
async function signedFile(dir: string): Promise<string> {
  writeFileSync(join(dir, 'original.pdf'), makePdf('Vuokrasopimus'));
  const fieldNames = await prepareForSigning({
    input: join(dir, 'original.pdf'),
    output: join(dir, 'working-0.pdf'),
    title: 'Vuokrasopimus',
    signers: signers.map((signer) => ({ name: signer.name, email: signer.email })),
    language: 'fi',
  });
  const certificates: Buffer[] = [];
  for (const [index, signer] of signers.entries()) {
    const issued = await issueOneTimeCertificate(deps.trust.pki, {
      commonName: signer.name,
      validityMinutes: 10,
    });
    certificates.push(issued.certificate, ...issued.chain);
    await signPdf({
      input: join(dir, `working-${index}.pdf`),
      output: join(dir, `working-${index + 1}.pdf`),
      signer: keySigner(issued.privateKey, issued.certificate, issued.chain),
      level: 'B-T',
      timestamp: (digest) => deps.trust.timestamp(digest),
      fieldName: fieldNames[index],
      name: signer.name,
    });
  }
  const { pki } = deps.trust;
  await addValidationData(join(dir, `working-${signers.length}.pdf`), join(dir, 'dss.pdf'), {
    certificates: [
      ...certificates,
      ...[pki.root, pki.issuing, pki.timeStamping].map((credential) => credential.certificate),
    ],
    crls: [await deps.trust.crl('issuing'), await deps.trust.crl('root')],
  });
  await addDocumentTimestamp(join(dir, 'dss.pdf'), join(dir, 'signed.pdf'), (digest) =>
    deps.trust.timestamp(digest),
  );
  return join(dir, 'signed.pdf');
}

async function personalFileOf(language: string | null) {
  const dir = mkdtempSync(join(tmpdir(), 'esign-personal-'));
  const signed = await signedFile(dir);
  const path = await addPersonalSignedFile(
    deps,
    flowRow(language),
    signers,
    { path: signed, fileName: 'vuokrasopimus.pdf' },
    dir,
  );
  return { signed: readFileSync(signed), pdf: readFileSync(path), path, dir };
}

/** The PDF's text as pdftotext reads it, with line breaks (wrapping) as spaces. */
const textOf = (path: string) =>
  execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

describe('the personal signed file', () => {
  it('is a sealed page of the verified identity codes that carries the signed file, unchanged, as an attachment', async () => {
    const { signed, pdf, path, dir } = await personalFileOf('fi');

    // The seal, then the archive time stamp; nothing but validation data and the stamp after it.
    const reports = await verifyPdf(bufferSource(pdf), {
      trustAnchors: [deps.trust.pki.root.certificate],
    });
    expect(reports.map((report) => [report.fieldName, report.kind, report.valid])).toEqual([
      ['OrganisationSeal', 'signature', true],
      [expect.any(String), 'document-timestamp', true],
    ]);
    const [seal] = reports;
    expect(seal?.chainTrusted).toBe(true);
    expect(seal?.level).toBe('B-LTA');
    expect(seal?.changesAfter.other).toEqual([]);
    expect(seal?.changesAfter.undefinedChanges).toEqual([]);
    expect(seal?.changesAfter.embeddedFiles).toBe(false);
    expect(reports.at(-1)?.coversWholeDocument).toBe(true);

    execFileSync('qpdf', ['--check', path]);
    const poppler = pdfsigVerdicts(pdf);
    expect(poppler.valid, poppler.output).toBe(1);
    expect(poppler.output).toContain('Signature Field Name: OrganisationSeal');

    // The attachment is the signed file byte for byte, its signatures as valid as before.
    expect(execFileSync('pdfdetach', ['-list', path], { encoding: 'utf8' })).toContain(
      'vuokrasopimus.pdf',
    );
    const attached = join(dir, 'attached.pdf');
    execFileSync('pdfdetach', ['-save', '1', '-o', attached, path]);
    expect(readFileSync(attached).equals(signed)).toBe(true);
    const inner = await verifyPdf(bufferSource(readFileSync(attached)), {
      trustAnchors: [deps.trust.pki.root.certificate],
    });
    expect(inner.filter((r) => r.kind === 'signature').map((r) => [r.valid, r.level])).toEqual([
      [true, 'B-LTA'],
      [true, 'B-LTA'],
    ]);

    const text = textOf(path);
    expect(text).toContain('Allekirjoittajien varmennetut henkilötunnisteet');
    expect(text).toContain('Asiakirja: Vuokrasopimus');
    expect(text).toContain('Henkilötunnus: 010190-123A');
    expect(text).toContain('Maija Meikäläinen, maija@example.fi');
    expect(text).toContain('vahva sähköinen tunnistus');
    expect(text).toContain('Áile Ŋuvttaš-Čoarvi, aile@example.no');
    expect(text).toContain('sähköpostiin lähetetty koodi');
    expect(text).toContain('liitteenä (vuokrasopimus.pdf)');
    expect(text).toContain('Esimerkkiyliopisto');
  });

  it('verifies with the pades command without any change it would refuse', async () => {
    const { path, dir } = await personalFileOf('en');
    const root = join(dir, 'root.pem');
    writeFileSync(root, deps.trust.pki.root.certificatePem);
    const cli = fileURLToPath(new URL('../../pades/bin/pades.ts', import.meta.url));
    const run = spawnSync(process.execPath, [cli, 'verify', path, '--trust', root], {
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('OrganisationSeal');
  });

  it("writes the page in the flow's language", async () => {
    const { path } = await personalFileOf('sv');
    const text = textOf(path);
    expect(text).toContain('Undertecknarnas verifierade personbeteckningar');
    expect(text).toContain('Personbeteckning: 010190-123A');
    expect(text).toContain('kod per e-post');
  });
});
