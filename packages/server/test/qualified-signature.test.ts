import { execFileSync } from 'node:child_process';
import { randomUUID, X509Certificate } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDirectoryPkiStore,
  createTimestampResponder,
  fileSource,
  loadOrCreatePortalPki,
  prepareForSigning,
  requestLocalTimestamp,
  verifyPdf,
  type TimestampSource,
} from '@esign/pades';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { readCscConfig } from '../src/config/csc-config.ts';
import {
  abandonQualifiedSignature,
  completeQualifiedSignature,
  startQualifiedSignature,
  type QualifiedSignatureDeps,
} from '../src/signing/qualified/qualified-signature.service.ts';
import { startCscTestService, type CscTestService } from '../../pades/test/support/csc-service.ts';
import { authorizeAsSigner } from '../../pades/test/support/csc-signer-browser.ts';
import { createQualifiedTestCredential } from '../../pades/test/support/csc-test-credential.ts';
import type { QualifiedSigner } from '../src/signing/qualified/credential-owner.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.ts';
import { makePdf } from './support/pdf.ts';

const redirectUri = 'http://portal.test/api/sign/qualified/callback';
const sessionSecret = 'a session secret of at least thirty-two characters';

const pdfsigSays = (path: string) => {
  try {
    return execFileSync('pdfsig', [path], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
};

describe.each(databaseKinds)('a qualified signature over CSC on %s', (kind) => {
  let database: TestDatabase;
  let service: CscTestService;
  let timestamp: TimestampSource;
  // The portal's PKI, whose time-stamp authority stamps the signatures.
  let pki: Awaited<ReturnType<typeof loadOrCreatePortalPki>>;
  const dir = mkdtempSync(join(tmpdir(), 'esign-qualified-'));
  const signerId = randomUUID();

  /** Each call answers its own deps: the callback may reach another node. */
  const depsOf = (clock: () => Date = () => new Date()): QualifiedSignatureDeps => {
    const csc = readCscConfig({
      CSC_BASE_URL: service.baseUrl,
      CSC_CLIENT_ID: service.client.id,
      CSC_CLIENT_SECRET: service.client.secret,
    });
    if (!csc) throw new Error('no CSC configuration');
    return { db: database.handle.db, csc, sessionSecret, clock };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await migrateToLatest(database.handle);
    const now = new Date().toISOString();
    const userId = randomUUID();
    const flowId = randomUUID();
    const { db } = database.handle;
    await db
      .insertInto('users')
      .values({
        ...{ id: userId, issuer: 'test', subject: userId, email: 'owner@example.fi' },
        ...{ display_name: 'Owner', organisation: null, title: null, is_admin: false },
        ...{ created_at: now, last_login_at: now },
      })
      .execute();
    await db
      .insertInto('sign_flows')
      .values({
        ...{ id: flowId, owner_id: userId, group_id: null, name: 'Sopimus' },
        ...{ name_search: 'sopimus', note: null, status: 'Sent' },
        ...{ signature_process: null, minimum_signature_level: 'Qualified' },
        ...{ inspector_email: null, reminder_interval_days: null, cancellation_comment: null },
        ...{ language: 'fi', created_at: now, updated_at: now, sent_at: now },
        ...{ cancelled_at: null, finished_at: null, rejected_at: null },
        ...{ last_status_query_at: null, auto_delete_at: null },
        ...{ working_file_id: null, failure_reason: null },
      })
      .execute();
    await db
      .insertInto('sign_flow_signers')
      .values({
        ...{ id: signerId, flow_id: flowId, position: 1, name: 'Maija Meikäläinen' },
        ...{ email: 'maija@example.fi', organisation: null, role: null, status: 'Unsigned' },
        ...{ rejection_comment: null, completed_at: null, token_salt: null, token_hash: null },
        ...{ invited_at: now, reminded_at: null, code_hash: null, code_expires_at: null },
        ...{ verified_identity: null, signature_level: null },
      })
      .execute();
    // Each person's credential, as the trust service holds them: Maija's and Pekka's.
    const [maija, pekka] = await Promise.all([
      createQualifiedTestCredential({
        id: 'maija-qes',
        userID: 'maija@example.fi',
        email: 'maija@example.fi',
      }),
      createQualifiedTestCredential({
        id: 'pekka-qes',
        userID: 'pekka@example.fi',
        email: 'pekka@example.fi',
        subject: { country: 'FI', commonName: 'Pekka Pätevä', serialNumber: 'PNOFI-010101A123N' },
      }),
    ]);
    service = await startCscTestService({
      credential: maija.credential,
      otherCredentials: [pekka.credential],
    });
    pki = await loadOrCreatePortalPki(createDirectoryPkiStore(join(dir, 'pki')), {
      passphrase: 'qualified signature test passphrase',
      organisation: 'Esimerkkiyliopisto',
      country: 'FI',
    });
    const responder = createTimestampResponder(pki.timeStamping);
    timestamp = (digest) => requestLocalTimestamp(responder, digest);
  });
  afterAll(async () => {
    await service?.close();
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The working document: a signature page with one empty field, Signer1. */
  async function workingDocument(): Promise<string> {
    const name = randomUUID();
    writeFileSync(join(dir, `${name}-upload.pdf`), makePdf('Vuokrasopimus'));
    await prepareForSigning({
      input: join(dir, `${name}-upload.pdf`),
      output: join(dir, `${name}-working.pdf`),
      title: 'Vuokrasopimus',
      signers: [{ name: 'Maija Meikäläinen' }],
      language: 'fi',
    });
    return join(dir, `${name}-working.pdf`);
  }

  async function start(
    returnToken = 'link-token-1',
    signer: QualifiedSigner = { email: 'Maija@example.fi', personalIdentityCode: null },
  ) {
    const inputPath = await workingDocument();
    const outputPath = inputPath.replace('-working.pdf', '-prepared.pdf');
    const started = await startQualifiedSignature(depsOf(), {
      signerId,
      signer,
      returnToken,
      inputPath,
      outputPath,
      fieldName: 'Signer1',
      appearanceLines: ['Maija Meikäläinen', 'Qualified (PAdES B-T)'],
      level: 'B-T',
      redirectUri,
    });
    return { ...started, outputPath };
  }

  it('signs after the signer authorises at the trust service, on whichever node gets the callback', async () => {
    const { authorizeUrl, state, outputPath } = await start();
    const asked = new URL(authorizeUrl).searchParams;
    expect(asked.get('scope')).toBe('credential');
    expect(asked.get('credentialID')).toBe(service.credential.id);
    expect(asked.get('numSignatures')).toBe('1');
    const stored = await database.handle.db
      .selectFrom('signer_auth_states')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: 'csc', signer_id: signerId });
    expect(stored.payload).not.toContain('link-token-1');

    const { redirect } = await authorizeAsSigner(authorizeUrl);
    expect(`${redirect?.origin}${redirect?.pathname}`).toBe(redirectUri);
    expect(redirect?.searchParams.get('state')).toBe(state);

    // The prepared file went to shared storage; another node fetches it to a temp file.
    const fetched = join(dir, `${randomUUID()}-fetched.pdf`);
    copyFileSync(outputPath, fetched);
    rmSync(outputPath);
    const done = await completeQualifiedSignature(depsOf(), {
      state,
      code: redirect?.searchParams.get('code') ?? '',
      preparedPath: fetched,
      timestamp,
    });
    expect(done.signerId).toBe(signerId);
    expect(done.returnToken).toBe('link-token-1');
    expect(done.certificates).toEqual(service.credential.certificates);

    const poppler = pdfsigSays(fetched);
    expect(poppler).toContain('Signature Field Name: Signer1');
    expect(poppler).toContain('Signature Validation: Signature is Valid');
    expect(poppler).toContain('Signer Certificate Common Name: Maija Meikäläinen');
    const source = await fileSource(fetched);
    const reports = await verifyPdf(source, {
      trustAnchors: [service.root, pki.root.certificate],
    }).finally(() => source.close());
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      fieldName: 'Signer1',
      valid: true,
      level: 'B-T',
      chainTrusted: true,
      signerSubject: new X509Certificate(
        done.certificates[0] ?? Buffer.alloc(0),
      ).subject.replaceAll('\n', ', '),
    });
    const text = execFileSync('pdftotext', [fetched, '-'], { encoding: 'utf8' });
    expect(text).toContain('Qualified (PAdES B-T)');
  });

  it('signs with the credential of the signer the trust service knows by their e-mail, never another’s', async () => {
    const pekka = await start('link-token-pekka', {
      email: 'pekka@example.fi',
      personalIdentityCode: null,
    });
    expect(new URL(pekka.authorizeUrl).searchParams.get('credentialID')).toBe('pekka-qes');
    const listed = service.calls.filter((call) => call.path === 'credentials/list').at(-1);
    expect(listed?.body).toEqual({ userID: 'pekka@example.fi' });

    await expect(
      start('link-token-outsider', { email: 'outsider@example.fi', personalIdentityCode: null }),
    ).rejects.toMatchObject({
      code: 'validation',
      key: 'signing.errors.noQualifiedCertificate',
      returnToken: 'link-token-outsider',
    });
  });

  it('demands the identity code the sender gave in the certificate, whatever the e-mail', async () => {
    const right = await start('link-token-code', {
      email: 'pekka@example.fi',
      personalIdentityCode: '010101A123N',
    });
    expect(new URL(right.authorizeUrl).searchParams.get('credentialID')).toBe('pekka-qes');
    await expect(
      start('link-token-other-code', {
        email: 'pekka@example.fi',
        personalIdentityCode: '311280-999J',
      }),
    ).rejects.toMatchObject({ key: 'signing.errors.noQualifiedCertificate' });
  });

  it('uses a state once, and refuses it afterwards without touching the file', async () => {
    const { authorizeUrl, state, outputPath } = await start();
    const { redirect } = await authorizeAsSigner(authorizeUrl);
    const code = redirect?.searchParams.get('code') ?? '';
    await completeQualifiedSignature(depsOf(), {
      state,
      code,
      preparedPath: outputPath,
      timestamp,
    });
    const signed = readFileSync(outputPath);
    await expect(
      completeQualifiedSignature(depsOf(), { state, code, preparedPath: outputPath, timestamp }),
    ).rejects.toMatchObject({ code: 'validation', returnToken: null });
    expect(readFileSync(outputPath).equals(signed)).toBe(true);
  });

  it('lets the signer cancel at the trust service and return to their signing page', async () => {
    const { authorizeUrl, state } = await start('link-token-2');
    const { redirect } = await authorizeAsSigner(authorizeUrl, { cancel: true });
    expect(redirect?.searchParams.get('error')).toBe('access_denied');
    expect(await abandonQualifiedSignature(depsOf(), state)).toEqual({
      signerId,
      returnToken: 'link-token-2',
    });
    expect(await abandonQualifiedSignature(depsOf(), state)).toBeNull();
  });

  it('refuses a callback after fifteen minutes, and a code that is not the one issued', async () => {
    const late = await start('link-token-3');
    const { redirect } = await authorizeAsSigner(late.authorizeUrl);
    const clock = () => new Date(Date.now() + 16 * 60_000);
    await expect(
      completeQualifiedSignature(depsOf(clock), {
        state: late.state,
        code: redirect?.searchParams.get('code') ?? '',
        preparedPath: late.outputPath,
        timestamp,
      }),
    ).rejects.toMatchObject({ code: 'validation', returnToken: 'link-token-3' });

    const forged = await start('link-token-4');
    await expect(
      completeQualifiedSignature(depsOf(), {
        state: forged.state,
        code: 'forged',
        preparedPath: forged.outputPath,
        timestamp,
      }),
    ).rejects.toMatchObject({ code: 'unavailable', returnToken: 'link-token-4' });
    expect(pdfsigSays(forged.outputPath)).not.toContain('Signature is Valid');
  });
});
