// deploy/backup.sh, deploy/backup-check.mjs and deploy/restore.sh run for real, as an operator
// would, against an installation made through the app: SQLite (DATABASE_URL=sqlite://… in a
// .env file, files in DATA_DIR/files) and PostgreSQL (a database of its own: pg_dump takes a
// whole database, so a schema of the shared test database would not do).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TestClient } from './support/client.ts';
import { pngImage } from './support/pdf.ts';
import {
  draftBody,
  identifyWithCode,
  mailsTo,
  sendFlow,
  signingTokenIn,
} from './support/signing.ts';
import { createWebDist } from './support/test-app.ts';
import { createPostgresDatabase } from './support/backends.ts';
import { runCommand } from './support/command.ts';
import { inheritedEnvironment } from './support/node-process.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const flows = '/api/esign/SignFlows';
const sender = 'user@example.com';

interface Detail {
  Status: string;
  SignedFile: { Guid: string } | null;
}

/** A portal on the given database and DATA_DIR, as server.ts starts one (jobs run by hand). */
interface Portal {
  app: FastifyInstance;
  handle: DatabaseHandle;
  runJobs(): Promise<unknown>;
  close(): Promise<void>;
}

async function startPortal(databaseUrl: string, dataDir: string): Promise<Portal> {
  const handle = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(handle);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: createWebDist(),
    JOB_WORKER: 'false',
  });
  const app = await buildApp({ config, database: handle });
  await app.ready();
  return {
    app,
    handle,
    runJobs: () => app.jobWorker.runDue(),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** The environment the scripts get: this process's, without any portal setting of its own. */
function scriptEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = inheritedEnvironment();
  delete env.BACKUP_DIR;
  // The same node as this test, first on the PATH: the scripts call `node`.
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`;
  return { ...env, ...settings };
}

/** Runs a command to its end; answers its exit code and everything it printed. */
const run = (command: string, args: string[], cwd: string, settings: Record<string, string>) =>
  runCommand(command, args, { cwd, env: scriptEnvironment(settings) });

const deployScript = (name: string) => join(root, 'deploy', name);

/** Every row of every table, one SHA-256 per table over its rows in a stable order. */
type DatabaseSnapshot = Record<string, { rows: number; sha256: string }>;

async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const query =
    handle.kind === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`;
  return (await query.execute(handle.db)).rows.map((row) => row.name).sort();
}

const normalised = (value: unknown): unknown =>
  value instanceof Date
    ? value.toISOString()
    : Buffer.isBuffer(value)
      ? value.toString('base64')
      : typeof value === 'bigint'
        ? value.toString()
        : value;

async function snapshotDatabase(handle: DatabaseHandle): Promise<DatabaseSnapshot> {
  const snapshot: DatabaseSnapshot = {};
  for (const table of await tablesOf(handle)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      handle.db,
    );
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.keys(row)
            .sort()
            .map((column) => [column, normalised(row[column])]),
        ),
      )
      .sort();
    snapshot[table] = {
      rows: rows.length,
      sha256: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return snapshot;
}

const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Every file under a folder, by its path relative to it, with its SHA-256. */
function filesUnder(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found[relative(dir, path)] = sha256Of(path);
  }
  return found;
}

/** The files the database records, by storage key, with the SHA-256 it recorded. */
async function recordedFiles(handle: DatabaseHandle): Promise<Record<string, string>> {
  const rows = await handle.db
    .selectFrom('sign_flow_files')
    .select(['storage_key', 'sha256'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.storage_key, row.sha256]));
}

/** What DATA_DIR holds besides the database and the files: secrets and operator files. */
const dataDirExtras = ['session-secret', 'pki-passphrase', 'logo.svg', 'locales/fi.json'];
const extrasOf = (dataDir: string) =>
  Object.fromEntries(
    dataDirExtras.map((name) => [
      name,
      existsSync(join(dataDir, name)) ? sha256Of(join(dataDir, name)) : null,
    ]),
  );

function requireTool(name: string) {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `${name} is missing: deploy/backup.sh and restore.sh need pg_dump and pg_restore for PostgreSQL. ` +
        'Install them with: apt-get install -y postgresql-client (npm test does so when run as root).',
    );
  }
}

interface Installation {
  /** The scripts' working directory (where an operator's .env would be). */
  cwd: string;
  dataDir: string;
  /** DATABASE_URL as the test process opens it. */
  databaseUrl: string;
  /** The settings given to the scripts in their environment. */
  settings: Record<string, string>;
  dispose(): Promise<void>;
}

async function createInstallation(kind: DatabaseKind): Promise<Installation> {
  const cwd = mkdtempSync(join(tmpdir(), `esign-backup-${kind}-`));
  if (kind === 'sqlite') {
    // Relative paths, from the scripts' working directory, in the portal's .env; the value
    // with `<` and `>` is one the shell could not `source`.
    writeFileSync(
      join(cwd, '.env'),
      [
        '# The portal beside its data',
        'DATABASE_URL=sqlite://db/esign.db',
        'DATA_DIR=data',
        'MAIL_FROM=eSign <no-reply@example.fi>',
        '',
      ].join('\n'),
    );
    return {
      cwd,
      dataDir: join(cwd, 'data'),
      databaseUrl: `sqlite:${join(cwd, 'db', 'esign.db')}`,
      settings: {},
      dispose: async () => rmSync(cwd, { recursive: true, force: true }),
    };
  }
  requireTool('pg_dump');
  requireTool('pg_restore');
  const database = await createPostgresDatabase('esign_backup');
  const dataDir = join(cwd, 'data');
  // The environment wins over .env, as it does for the portal.
  writeFileSync(
    join(cwd, '.env'),
    'DATABASE_URL=postgres://nobody@127.0.0.1:1/not-this-one\nDATA_DIR=/nonexistent\n',
  );
  return {
    cwd,
    dataDir,
    databaseUrl: database.url,
    settings: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    async dispose() {
      await database.drop();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

function describeBackupAndRestore(kind: DatabaseKind) {
  describe(`backup and restore on ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
    let installation: Installation;
    let portal: Portal | undefined;
    let owner: TestClient;
    const ids: Record<string, string> = {};
    let pendingToken = '';
    let listBefore: unknown;
    let signedBefore: Buffer = Buffer.alloc(0);
    let databaseBefore: DatabaseSnapshot;
    let filesBefore: Record<string, string>;
    let extrasBefore: Record<string, string | null>;
    let backup = '';
    const cleanups: Array<() => Promise<void>> = [];
    const live = () => {
      if (!portal) throw new Error('the portal is not running');
      return portal;
    };
    const backupRoot = () => join(installation.cwd, 'backups');
    const script = (name: string, args: string[], settings = installation.settings) =>
      run('bash', [deployScript(name), ...args], installation.cwd, settings);

    // Flows in several states with their files, made through the API, and an operator's
    // files beside the secrets the portal generated in DATA_DIR.
    beforeAll(async () => {
      installation = await createInstallation(kind);
      mkdirSync(join(installation.dataDir, 'locales'), { recursive: true });
      writeFileSync(
        join(installation.dataDir, 'logo.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      );
      writeFileSync(join(installation.dataDir, 'locales', 'fi.json'), '{"app":{"title":"Testi"}}');
      portal = await startPortal(installation.databaseUrl, installation.dataDir);
      const { app, handle, runJobs } = portal;
      owner = new TestClient(app);
      await owner.login(sender, 'user-demo');

      const draft = await owner.post(
        flows,
        draftBody({
          name: 'Luonnos',
          signers: [{ Name: 'Luonnos', Email: 'luonnos@example.com' }],
        }),
      );
      ids.Draft = draft.json<{ Guid: string }>().Guid;
      const attached = await owner.upload(
        `${flows}/${ids.Draft}/attachment`,
        'liite.png',
        pngImage(),
      );
      expect(attached.statusCode, attached.body).toBe(200);
      ids.Sent = await sendFlow(owner, {
        name: 'Kesken',
        signers: [
          { Name: 'Eka', Email: 'eka@example.com' },
          { Name: 'Toka', Email: 'toka@example.com' },
        ],
      });
      ids.Finished = await sendFlow(owner, {
        name: 'Valmis',
        signers: [{ Name: 'Valmis', Email: 'valmis@example.com' }],
      });
      await runJobs();
      for (const [email, flow] of [
        ['eka@example.com', ids.Sent],
        ['valmis@example.com', ids.Finished],
      ] as const) {
        const link = signingTokenIn((await mailsTo(handle.db, email))[0]?.text_body ?? '');
        const browser = await identifyWithCode(app, handle.db, runJobs, link, email);
        const signed = await browser.post(`/api/sign/${link}/sign`, { HaveRead: true });
        expect(signed.statusCode, `${flow}: ${signed.body}`).toBe(200);
        await runJobs();
      }
      pendingToken = signingTokenIn(
        (await mailsTo(handle.db, 'toka@example.com'))[0]?.text_body ?? '',
      );
      listBefore = (await owner.get(flows)).json();
      const detail = (await owner.get(`${flows}/${ids.Finished}`)).json<Detail>();
      expect(detail.Status).toBe('Finished');
      signedBefore = (
        await owner.get(`${flows}/${ids.Finished}/signedfile/${detail.SignedFile?.Guid}`)
      ).rawPayload;
      expect(signedBefore.subarray(0, 5).toString()).toBe('%PDF-');
    }, 90_000);

    afterAll(async () => {
      await portal?.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
      await installation?.dispose();
    });

    it('backs up the running portal: the database, every file with its SHA-256, DATA_DIR’s secrets and operator files, readable by its owner only', async () => {
      const { handle } = live();
      databaseBefore = await snapshotDatabase(handle);
      filesBefore = filesUnder(join(installation.dataDir, 'files'));
      extrasBefore = extrasOf(installation.dataDir);
      const recorded = await recordedFiles(handle);
      expect(Object.keys(recorded).length).toBeGreaterThanOrEqual(5);
      expect(databaseBefore.sign_flows?.rows).toBe(3);
      // The portal generated its secrets into DATA_DIR (no SESSION_SECRET, no PKI_PASSPHRASE).
      expect(Object.values(extrasBefore).every((hash) => hash !== null)).toBe(true);

      const made = await script('backup.sh', [backupRoot()]);
      expect(made.code, made.output).toBe(0);
      backup = /^done: (.+)$/m.exec(made.output)?.[1] ?? '';
      expect(backup, made.output).toMatch(/esign-\d{8}T\d{6}Z$/);
      const recordedCount = Object.keys(recorded).length;
      expect(made.output).toContain(
        `${kind === 'sqlite' ? 'sqlite' : 'postgres'}, ${recordedCount} referenced files present and intact`,
      );

      const database = join(backup, kind === 'sqlite' ? 'esign.db' : 'database.pgdump');
      expect(existsSync(database)).toBe(true);
      expect(statSync(backup).mode & 0o077).toBe(0);
      expect(statSync(database).mode & 0o077).toBe(0);
      // Every file, byte for byte; each one the database refers to as recorded.
      expect(filesUnder(join(backup, 'files'))).toEqual(filesBefore);
      for (const [key, hash] of Object.entries(recorded)) expect(filesBefore[key], key).toBe(hash);
      const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as {
        database: string;
        missing: string[];
        corrupt: string[];
        files: Array<{ key: string; size: number; sha256: string }>;
      };
      expect(manifest.database).toBe(kind);
      expect(manifest.missing).toEqual([]);
      expect(manifest.corrupt).toEqual([]);
      expect(Object.fromEntries(manifest.files.map((file) => [file.key, file.sha256]))).toEqual(
        filesBefore,
      );
      expect(extrasOf(join(backup, 'data-dir'))).toEqual(extrasBefore);
    }, 60_000);

    it('backup-check fails a backup that lacks a file the database refers to, naming it', async () => {
      const recorded = await recordedFiles(live().handle);
      const key = Object.keys(recorded)[0] ?? '';
      const copy = `${backup}-missing`;
      cpSync(backup, copy, { recursive: true });
      rmSync(join(copy, 'files', key));
      const check = await run('node', [deployScript('backup-check.mjs'), copy], root, {});
      expect(check.code).toBe(1);
      expect(check.output).toContain(`1 of ${Object.keys(recorded).length} files`);
      expect(check.output).toContain(key);

      const verify = await run(
        'node',
        [deployScript('backup-check.mjs'), backup, '--verify'],
        root,
        {},
      );
      expect(verify.code, verify.output).toBe(0);
    }, 30_000);

    it('restore refuses without --yes, and refuses a backup changed since it was made, touching nothing', async () => {
      const unconfirmed = await script('restore.sh', [backup]);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.output).toContain('--yes');

      const recorded = await recordedFiles(live().handle);
      const key = Object.keys(recorded).at(-1) ?? '';
      const copy = `${backup}-changed`;
      cpSync(backup, copy, { recursive: true });
      writeFileSync(join(copy, 'files', key), 'not the document');
      // A mark made after the backup: a restore that ran anyway would take it away.
      const { handle } = live();
      const [marked] = await handle.db.selectFrom('sign_flows').select(['id', 'name']).execute();
      await handle.db
        .updateTable('sign_flows')
        .set({ name: 'Merkki ennen palautusta' })
        .where('id', '=', marked?.id ?? '')
        .execute();
      const refused = await script('restore.sh', [copy, '--yes']);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('changed or lost since the backup was made');
      expect(refused.output).toContain(key);
      expect(refused.output).not.toContain('restored ');
      // Read through a new connection: the old one would still see a file replaced under it.
      const fresh = openDatabase({
        databaseUrl: installation.databaseUrl,
        dataDir: installation.dataDir,
      });
      try {
        const kept = await fresh.db
          .selectFrom('sign_flows')
          .select('name')
          .where('id', '=', marked?.id ?? '')
          .executeTakeFirst();
        expect(kept?.name).toBe('Merkki ennen palautusta');
      } finally {
        await fresh.close();
      }
      await handle.db
        .updateTable('sign_flows')
        .set({ name: marked?.name ?? '' })
        .where('id', '=', marked?.id ?? '')
        .execute();
      expect(await snapshotDatabase(handle)).toEqual(databaseBefore);
      expect(filesUnder(join(installation.dataDir, 'files'))).toEqual(filesBefore);
    }, 30_000);

    it('after records and files are changed and deleted, restore brings every record and file back', async () => {
      const { app, handle, runJobs } = live();
      // Through the portal: the finished flow deleted with its files, the flow under way
      // signed to its end (its working document replaced), a new flow sent.
      expect((await owner.delete(`${flows}/${ids.Finished}`)).statusCode).toBe(204);
      const last = await identifyWithCode(
        app,
        handle.db,
        runJobs,
        pendingToken,
        'toka@example.com',
      );
      expect(
        (await last.post(`/api/sign/${pendingToken}/sign`, { HaveRead: true })).statusCode,
      ).toBe(200);
      await runJobs();
      await sendFlow(owner, {
        name: 'Uusi',
        signers: [{ Name: 'Uusi', Email: 'uusi@example.com' }],
      });
      // Behind its back: a record changed, the draft's attachment and the secrets deleted.
      await handle.db.updateTable('sign_flows').set({ name: 'Muutettu' }).execute();
      const attachment = await handle.db
        .selectFrom('sign_flow_files')
        .select('storage_key')
        .where('flow_id', '=', ids.Draft ?? '')
        .where('kind', '=', 'attachment')
        .executeTakeFirstOrThrow();
      rmSync(join(installation.dataDir, 'files', attachment.storage_key));
      rmSync(join(installation.dataDir, 'session-secret'));
      rmSync(join(installation.dataDir, 'pki-passphrase'));
      expect(await snapshotDatabase(handle)).not.toEqual(databaseBefore);
      const filesChanged = filesUnder(join(installation.dataDir, 'files'));
      expect(filesChanged).not.toEqual(filesBefore);
      await portal?.close();
      portal = undefined;

      const restored = await script('restore.sh', [backup, '--yes']);
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).not.toContain('warning');

      const handleAfter = openDatabase({
        databaseUrl: installation.databaseUrl,
        dataDir: installation.dataDir,
      });
      try {
        expect(await snapshotDatabase(handleAfter)).toEqual(databaseBefore);
        const filesAfter = filesUnder(join(installation.dataDir, 'files'));
        // Every file of the backup is back as it was; those stored after it stay, harmless
        // orphans no restored record refers to.
        for (const [key, hash] of Object.entries(filesBefore))
          expect(filesAfter[key], key).toBe(hash);
        const orphans = Object.keys(filesAfter).filter((key) => !(key in filesBefore));
        expect(orphans.length).toBeGreaterThan(0);
        const recorded = await recordedFiles(handleAfter);
        for (const key of orphans) expect(recorded[key]).toBeUndefined();
        for (const [key, hash] of Object.entries(recorded)) expect(filesAfter[key], key).toBe(hash);
      } finally {
        await handleAfter.close();
      }
      expect(extrasOf(installation.dataDir)).toEqual(extrasBefore);
    }, 90_000);

    it('the restored portal keeps the old session and links: the same flows, the same signed file, and the flow under way signs to its end', async () => {
      portal = await startPortal(installation.databaseUrl, installation.dataDir);
      await expectWorkingPortal(portal);
    }, 60_000);

    /** The restored installation serves what the original did, with its secrets and PKI. */
    async function expectWorkingPortal({ app, handle, runJobs }: Portal) {
      const browser = new TestClient(app);
      for (const [name, value] of owner.cookies) browser.cookies.set(name, value);
      expect((await browser.get(flows)).json()).toEqual(listBefore);
      const detail = (await browser.get(`${flows}/${ids.Finished}`)).json<Detail>();
      const signed = await browser.get(
        `${flows}/${ids.Finished}/signedfile/${detail.SignedFile?.Guid}`,
      );
      expect(signed.statusCode).toBe(200);
      expect(signed.rawPayload.equals(signedBefore)).toBe(true);
      const last = await identifyWithCode(
        app,
        handle.db,
        runJobs,
        pendingToken,
        'toka@example.com',
      );
      const sign = await last.post(`/api/sign/${pendingToken}/sign`, { HaveRead: true });
      expect(sign.statusCode, sign.body).toBe(200);
      await runJobs();
      expect((await browser.get(`${flows}/${ids.Sent}`)).json<Detail>().Status).toBe('Finished');
    }

    if (kind === 'postgres') {
      it('restores onto a new machine: an empty database and an empty DATA_DIR', async () => {
        const target = await createPostgresDatabase('esign_backup');
        cleanups.push(target.drop);
        const dataDir = join(installation.cwd, 'new-data');
        const settings = { DATABASE_URL: target.url, DATA_DIR: dataDir };
        const restored = await script('restore.sh', [backup, '--yes'], settings);
        expect(restored.code, restored.output).toBe(0);

        const handle = openDatabase({ databaseUrl: target.url, dataDir });
        try {
          expect(await snapshotDatabase(handle)).toEqual(databaseBefore);
        } finally {
          await handle.close();
        }
        expect(filesUnder(join(dataDir, 'files'))).toEqual(filesBefore);
        expect(extrasOf(dataDir)).toEqual(extrasBefore);

        const moved = await startPortal(target.url, dataDir);
        try {
          await expectWorkingPortal(moved);
        } finally {
          await moved.close();
        }
      }, 90_000);
    }
  });
}

describeBackupAndRestore('sqlite');
describeBackupAndRestore('postgres');
