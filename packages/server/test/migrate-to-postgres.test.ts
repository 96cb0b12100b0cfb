import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bufferSource, verifyPdf } from '@esign/pades';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { findBrokenAuditLink } from '../src/audit/audit.service.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { MovableClock } from '../src/time/clock.ts';
import { migrateToPostgres } from '../src/ops/migrate-to-postgres.ts';
import { createFileStorage } from '../src/storage/create-storage.ts';
import {
  createPostgresSchema,
  startS3Server,
  type PostgresSchema,
  type TestS3Server,
} from './support/backends.ts';
import { TestClient } from './support/client.ts';
import { testDatabaseUrl } from './support/databases.ts';
import { pngImage } from './support/pdf.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';
import { runCommand } from './support/command.ts';
import { createWebDist, sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const sender = 'user@example.com';

interface Detail {
  Status: string;
  SignedFile: { Guid: string } | null;
  PersonalSignedFile: { Guid: string } | null;
}

/** `npm run migrate-to-postgres` with the given environment; answers its exit code and output. */
const runMigrationCommand = (env: Record<string, string>, args: string[] = []) =>
  runCommand('npm', ['run', '--silent', 'migrate-to-postgres', '--', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });

describe('moving an SQLite installation to PostgreSQL and object storage', () => {
  const clock = new MovableClock();
  const context = useTestApp(
    'sqlite',
    { JOB_WORKER: 'false', PERSONAL_SIGNED_FILE_ENABLED: 'true', ...sessionsOutlastMovedClock },
    { clock },
  );
  const sqlite = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  let schema: PostgresSchema | undefined;
  let s3: TestS3Server | undefined;
  let target: DatabaseHandle | undefined;
  let moved: FastifyInstance | undefined;
  const ids: Record<string, string> = {};
  let listBefore: Array<{ Guid: string; Name: string; Status: string }> = [];
  let signedBefore: Buffer = Buffer.alloc(0);
  let owner: TestClient;
  let pendingToken = '';

  const signAs = async (email: string, token?: string) => {
    const link = token ?? signingTokenIn((await mailsTo(sqlite(), email))[0]?.text_body ?? '');
    const browser = await identifyWithCode(context.app, sqlite(), runJobs, link, email);
    return { browser, link };
  };

  // Flows in every state, made through the API, with their files.
  beforeAll(async () => {
    owner = new TestClient(context.app);
    await owner.login(sender, 'user-demo');
    const draft = await owner.post(flows, {
      Name: 'Luonnos',
      Note: null,
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Low',
      ReminderIntervalInDays: null,
      InspectorEmail: null,
      Language: 'fi',
      Signers: [{ Name: 'Luonnos Allekirjoittaja', Email: 'luonnos@example.com' }],
    });
    ids.Draft = draft.json<{ Guid: string }>().Guid;
    await owner.upload(`${flows}/${ids.Draft}/attachment`, 'liite.png', pngImage());

    ids.Sent = await sendFlow(owner, {
      name: 'Kesken',
      reminderDays: 3,
      signers: [
        { Name: 'Eka Kesken', Email: 'eka.kesken@example.com' },
        { Name: 'Toka Kesken', Email: 'toka.kesken@example.com' },
      ],
    });
    ids.Finished = await sendFlow(owner, {
      name: 'Valmis',
      inspector: 'tarkastaja@example.com',
      signers: [{ Name: 'Valmis Allekirjoittaja', Email: 'valmis@example.com' }],
    });
    ids.Rejected = await sendFlow(owner, {
      name: 'Hylätty',
      signers: [{ Name: 'Hylkääjä', Email: 'hylkaaja@example.com' }],
    });
    ids.Cancelled = await sendFlow(owner, {
      name: 'Peruttu',
      signers: [{ Name: 'Peruttu Allekirjoittaja', Email: 'peruttu@example.com' }],
    });
    ids.Error = await sendFlow(owner, {
      name: 'Virhe',
      signers: [{ Name: 'Virhe Allekirjoittaja', Email: 'virhe@example.com' }],
    });
    await runJobs();

    const first = await signAs('eka.kesken@example.com');
    await first.browser.post(`/api/sign/${first.link}/sign`, { HaveRead: true });
    await runJobs();
    pendingToken = signingTokenIn(
      (await mailsTo(sqlite(), 'toka.kesken@example.com'))[0]?.text_body ?? '',
    );

    const finished = await signAs('valmis@example.com');
    await finished.browser.post(`/api/sign/${finished.link}/sign`, { HaveRead: true });
    await runJobs();

    const rejecting = await signAs('hylkaaja@example.com');
    await rejecting.browser.post(`/api/sign/${rejecting.link}/reject`, { Comment: 'Väärä summa' });
    await owner.post(`${flows}/${ids.Cancelled}/cancel`, { Comment: 'Ei tarvita' });

    // The last flow's completion fails until its retries are used up: Error. The working
    // document is put back afterwards, as an operator restoring the store would.
    const failing = await signAs('virhe@example.com');
    await failing.browser.post(`/api/sign/${failing.link}/sign`, { HaveRead: true });
    const working = await sqlite()
      .selectFrom('sign_flows')
      .innerJoin('sign_flow_files', 'sign_flow_files.id', 'sign_flows.working_file_id')
      .select('sign_flow_files.storage_key as key')
      .where('sign_flows.id', '=', ids.Error ?? '')
      .executeTakeFirstOrThrow();
    const storage = createFileStorage(context.config);
    const kept = join(await mkdtemp(join(tmpdir(), 'esign-kept-')), 'working.pdf');
    await writeFile(kept, await readFile(join(context.config.dataDir, 'files', working.key)));
    await storage.delete(working.key);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await runJobs();
      clock.advance(2 * 3_600_000);
    }
    await storage.putFile(working.key, kept, 'application/pdf');
    await runJobs();

    listBefore = (await owner.get(flows)).json();
    const finishedDetail = (await owner.get(`${flows}/${ids.Finished}`)).json<Detail>();
    signedBefore = (
      await owner.get(`${flows}/${ids.Finished}/signedfile/${finishedDetail.SignedFile?.Guid}`)
    ).rawPayload;

    schema = await createPostgresSchema();
    s3 = await startS3Server();
  }, 60_000);

  afterAll(async () => {
    await moved?.close();
    await target?.close();
    await s3?.close();
    await schema?.dispose();
  });

  const newEnvironment = () => ({
    DATA_DIR: context.config.dataDir,
    DATABASE_URL: schema?.url ?? '',
    ...s3?.env,
  });

  it('has a flow in every state to move', () => {
    expect(Object.fromEntries(listBefore.map((flow) => [flow.Name, flow.Status]))).toEqual({
      Luonnos: 'Draft',
      Kesken: 'Sent',
      Valmis: 'Finished',
      Hylätty: 'Rejected',
      Peruttu: 'Cancelled',
      Virhe: 'Error',
    });
  });

  it('copies every record and file, verifies counts and hashes, and exits 0', async () => {
    const { code, output } = await runMigrationCommand(newEnvironment());
    expect(output).toContain('Migration verified.');
    expect(code, output).toBe(0);
    expect(output).toMatch(/sign_flows\s+6\s+6\n/);
    expect(output).toMatch(
      /files: (\d+) recorded, \1 copied to S3 bucket esign-files, \1 verified/,
    );

    target = openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: context.config.dataDir,
      schema: schema?.schema ?? '',
    });
    for (const table of [
      'sign_flows',
      'sign_flow_signers',
      'sign_flow_files',
      'audit_events',
    ] as const) {
      const count = async (handle: DatabaseHandle) =>
        Number(
          (
            await handle.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count(target), table).toBe(await count(context.database.handle));
    }
  }, 45_000);

  it('refuses a target that already holds data', async () => {
    const { code, output } = await runMigrationCommand(newEnvironment());
    expect(code).toBe(1);
    expect(output).toContain('already holds data');
    expect(output).toContain('--force');
  }, 30_000);

  it('serves the moved portal from PostgreSQL and the bucket: sessions, flows, signed files, audit chains', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: createWebDist(),
      JOB_WORKER: 'false',
      PERSONAL_SIGNED_FILE_ENABLED: 'true',
      ...newEnvironment(),
    });
    const database = openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: config.dataDir,
      schema: schema?.schema ?? '',
    });
    moved = await buildApp({ config, database });
    moved.addHook('onClose', () => database.close());
    await moved.ready();

    // The session made on SQLite still holds.
    const browser = new TestClient(moved);
    for (const [name, value] of owner.cookies) browser.cookies.set(name, value);
    expect((await browser.get(flows)).json()).toEqual(listBefore);

    const detail = (await browser.get(`${flows}/${ids.Finished}`)).json<Detail>();
    const signed = await browser.get(
      `${flows}/${ids.Finished}/signedfile/${detail.SignedFile?.Guid}`,
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(signedBefore)).toBe(true);
    const reports = await verifyPdf(bufferSource(signed.rawPayload));
    expect(reports.every((report) => report.valid)).toBe(true);
    const personal = await browser.get(
      `${flows}/${ids.Finished}/personalsignedfile/${detail.PersonalSignedFile?.Guid}`,
    );
    expect(personal.statusCode).toBe(200);

    // The flow under way goes on: the link mailed before the move still works, and the
    // new audit events continue each chain (the sequence was moved past the copied rows).
    const pg = database.db;
    const last = await identifyWithCode(
      moved,
      pg,
      () => moved?.jobWorker.runDue() ?? Promise.resolve(),
      pendingToken,
      'toka.kesken@example.com',
    );
    const sign = await last.post(`/api/sign/${pendingToken}/sign`, { HaveRead: true });
    expect(sign.statusCode, sign.body).toBe(200);
    await moved.jobWorker.runDue();
    expect((await browser.get(`${flows}/${ids.Sent}`)).json<Detail>().Status).toBe('Finished');

    for (const flowId of [null, ...Object.values(ids)])
      expect(await findBrokenAuditLink(pg, flowId), flowId ?? 'portal').toBeNull();
  }, 30_000);

  it('reports, and exits non-zero on, a file whose bytes no longer match its record', async () => {
    const file = await sqlite()
      .selectFrom('sign_flow_files')
      .select('storage_key')
      .where('flow_id', '=', ids.Draft ?? '')
      .executeTakeFirstOrThrow();
    await appendFile(join(context.config.dataDir, 'files', file.storage_key), 'x');
    // Files kept on the same disk this time: nothing to copy, every file still checked.
    const report = await migrateToPostgres({
      sqliteFile: join(context.config.dataDir, 'esign.db'),
      sourceFilesDir: join(context.config.dataDir, 'files'),
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: context.config.dataDir,
        DATABASE_URL: schema?.url ?? '',
      }),
      force: true,
    });
    expect(report.ok).toBe(false);
    expect(report.files.copied).toBe(0);
    expect(report.files.problems).toEqual([expect.stringContaining(file.storage_key)]);
    expect(report.tables.every((count) => count.source === count.target)).toBe(true);
  }, 30_000);
});
