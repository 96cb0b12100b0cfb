import { createHash } from 'node:crypto';
import { mkdtempSync, statfsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import type * as CreateStorage from '../src/storage/create-storage.ts';
import {
  createPostgresSchema,
  startS3Server,
  type PostgresSchema,
  type TestS3Server,
} from './support/backends.ts';
import { TestClient } from './support/client.ts';
import { testDatabaseUrl } from './support/databases.ts';
import { bytesUnder, mountSmallDisk, type SmallDisk } from './support/full-disk.ts';
import { HttpClient, type HttpResponse } from './support/http-client.ts';
import { startNode, type NodeProcess } from './support/node-process.ts';
import { makePdf } from './support/pdf.ts';
import {
  createDraft,
  expectOk,
  flowsPath,
  nextMailTo,
  randomLetters,
  waitFor,
} from './support/remote-signing.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { createWebDist, useTestApp } from './support/test-app.ts';

// SMTP down (mail waits, none is lost) is proven in mail.test.ts:
// 'retries while the SMTP server is down and delivers exactly once when it is back'.

// Where no tmpfs can be mounted, the disk store is wrapped in a quota of the same size.
vi.mock('../src/storage/create-storage.ts', async (importOriginal) => {
  const original = await importOriginal<typeof CreateStorage>();
  const { withDiskQuota } = await import('./support/full-disk.ts');
  return {
    createFileStorage: (...args: Parameters<typeof original.createFileStorage>) => {
      const storage = original.createFileStorage(...args);
      return storage.kind === 'disk' ? withDiskQuota(storage) : storage;
    },
  };
});

/**
 * SPEC §8: a failure answers JSON with the status, a message key and the text; a service
 * the request needs being away is 503 'errors.unavailable' (try again), not a 500.
 */
function expectUnavailable(response: HttpResponse) {
  expect(response.status, response.text()).toBe(503);
  expect(response.json()).toEqual({
    status: 503,
    key: 'errors.unavailable',
    message: 'The service is not available right now. Try again in a moment.',
  });
}

const signers = [
  { Name: 'Vikatesti Yksi', Email: 'vika.yksi@example.com' },
  { Name: 'Vikatesti Kaksi', Email: 'vika.kaksi@example.com' },
];

describe('one node while PostgreSQL and the object store fail under it', () => {
  let schema: PostgresSchema | undefined;
  let s3: TestS3Server | undefined;
  let databaseProxy: TcpProxy | undefined;
  let storeProxy: TcpProxy | undefined;
  let node: NodeProcess | undefined;
  let database: DatabaseHandle | undefined;
  let s3Client: S3Client | undefined;
  const nodeDataDir = mkdtempSync(join(tmpdir(), 'esign-faults-'));

  const db = () => {
    if (!database) throw new Error('not started');
    return database.db;
  };
  const started = () => {
    if (!node || !databaseProxy || !storeProxy || !s3 || !s3Client) throw new Error('not started');
    return { node, databaseProxy, storeProxy, s3, s3Client };
  };
  const login = async () => {
    const browser = new HttpClient(started().node.url);
    await browser.login('user@example.com', 'user-demo');
    return browser;
  };
  const storedKeys = async () => {
    const { s3, s3Client } = started();
    const listed = await s3Client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'flows/' }),
    );
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  };

  beforeAll(async () => {
    schema = await createPostgresSchema();
    s3 = await startS3Server();
    const target = new URL(testDatabaseUrl);
    databaseProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    storeProxy = await startTcpProxy({ host: '127.0.0.1', port: s3.port });
    node = await startNode('faulty', {
      DATABASE_URL: schema.urlVia('127.0.0.1', databaseProxy.port),
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${storeProxy.port}`,
      DATA_DIR: nodeDataDir,
      PUBLIC_URL: 'http://esign.localhost:8080/',
      WEB_DIST_DIR: createWebDist(),
      // A job whose node lost the database mid-run is taken up again soon.
      JOB_LOCK_SECONDS: '5',
      LOG_LEVEL: 'fatal',
    });
    database = openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: mkdtempSync(join(tmpdir(), 'esign-faults-db-')),
      schema: schema.schema,
    });
    s3Client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  }, 60_000);

  afterAll(async () => {
    await node?.stop();
    s3Client?.destroy();
    await database?.close();
    await databaseProxy?.close();
    await storeProxy?.close();
    await s3?.close();
    await schema?.dispose();
  }, 30_000);

  it('answers clean errors while PostgreSQL is gone and recovers without a restart, leaving no half-written flow', async () => {
    const { node, databaseProxy } = started();
    const browser = await login();
    const responses: Array<{ operation: string; response: HttpResponse }> = [];
    const exceptions: string[] = [];
    let running = true;
    const call = async (operation: string, request: () => Promise<HttpResponse>) => {
      try {
        const response = await request();
        responses.push({ operation, response });
        return response.status === 200 ? response : undefined;
      } catch (error) {
        exceptions.push(`${operation}: ${(error as Error).message}`);
        return undefined;
      }
    };
    // A few users listing, creating, uploading to and sending flows, over and over.
    const user = async (index: number) => {
      for (let round = 0; running; round += 1) {
        await call('list', () => browser.get(`${flowsPath}?page=1&pageSize=20`, {}));
        const saved = await call('create', () =>
          browser.post(flowsPath, {
            Name: `vika-${index}-${round}`,
            Note: null,
            SignatureProcess: 'Sequential',
            MinimumSignatureLevel: 'Low',
            ReminderIntervalInDays: null,
            InspectorEmail: null,
            Language: 'en',
            Signers: signers,
          }),
        );
        const id = saved?.json<{ Guid: string }>().Guid;
        // A user who met an error tries again a moment later.
        if (!id) await new Promise((resolve) => setTimeout(resolve, 50));
        if (!id) continue;
        const pdf = makePdf(`Vikatesti ${index} ${round}`);
        const file = await call('upload', () =>
          browser.upload(`${flowsPath}/${id}/signfile`, 'vika.pdf', pdf),
        );
        if (file) await call('send', () => browser.post(`${flowsPath}/${id}/send`));
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(user));

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // PostgreSQL goes away: every connection is cut, new ones are refused for a while.
    databaseProxy.refuse(true);
    databaseProxy.cutAll();
    const outageStart = responses.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await fetch(`${node.url}/readyz`)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    databaseProxy.refuse(false);
    await waitFor('the node to be ready again', async () => {
      return (await fetch(`${node.url}/readyz`)).status === 200;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await load;

    // No request hung or met a dead process; each failure is a SPEC §8 body.
    expect(exceptions).toEqual([]);
    expect(node.isRunning()).toBe(true);
    const failures = responses.filter(({ response }) => response.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    for (const { response } of failures) expectUnavailable(response);
    expect(responses.slice(0, outageStart).every(({ response }) => response.status === 200)).toBe(
      true,
    );

    // The same node, not restarted, works again: a flow goes out and its mail with it.
    const name = `Toipunut ${randomLetters()}`;
    const recipient = `toipunut.${randomLetters()}@example.com`;
    const id = await createDraft(browser, {
      name,
      signers: [{ Name: 'Toipunut Allekirjoittaja', Email: recipient }],
    });
    expectOk(await browser.upload(`${flowsPath}/${id}/signfile`, 'toipunut.pdf', makePdf()));
    expectOk(await browser.post(`${flowsPath}/${id}/send`));
    await nextMailTo(db(), recipient, new Set());

    // No half-written flow: each has both its signers; a sent one its prepared document,
    // its links and its first invitation (mailed or still queued); a draft none of these.
    const flows = await db()
      .selectFrom('sign_flows')
      .selectAll()
      .where('name', 'like', 'vika-%')
      .execute();
    expect(flows.length).toBeGreaterThan(0);
    const jobs = await db().selectFrom('jobs').select(['kind', 'payload']).execute();
    for (const flow of flows) {
      const flowSigners = await db()
        .selectFrom('sign_flow_signers')
        .selectAll()
        .where('flow_id', '=', flow.id)
        .orderBy('position')
        .execute();
      const files = await db()
        .selectFrom('sign_flow_files')
        .selectAll()
        .where('flow_id', '=', flow.id)
        .execute();
      expect(flowSigners.map((signer) => signer.email)).toEqual(signers.map((s) => s.Email));
      expect(files.filter((file) => file.kind === 'signfile').length).toBeLessThanOrEqual(1);
      const working = files.filter((file) => file.kind === 'working');
      if (flow.status === 'Draft') {
        expect(working).toEqual([]);
        expect(flow.working_file_id).toBeNull();
        expect(flowSigners.every((signer) => signer.token_hash === null)).toBe(true);
      } else {
        expect(flow.status).toBe('Sent');
        expect(working.map((file) => file.id)).toEqual([flow.working_file_id]);
        expect(flowSigners.every((signer) => signer.token_hash !== null)).toBe(true);
        const first = flowSigners[0];
        const queued = jobs.some(
          (job) => job.kind === signingJobs.invite && job.payload.includes(first?.id ?? '-'),
        );
        expect(first?.invited_at !== null || queued, `invitation of ${flow.name}`).toBe(true);
      }
    }
    // Every record's object is in the store, and every object there has its record (or is
    // queued for deletion).
    const records = await db().selectFrom('sign_flow_files').select('storage_key').execute();
    const pending = await db().selectFrom('pending_file_deletions').select('storage_key').execute();
    const known = new Set([...records, ...pending].map((row) => row.storage_key));
    const keys = await storedKeys();
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
    const inStore = new Set(keys);
    expect(records.filter((row) => !inStore.has(row.storage_key))).toEqual([]);
  }, 60_000);

  it('fails an upload cleanly while the object store is unreachable, saving nothing', async () => {
    const { node, storeProxy, s3, s3Client } = started();
    const browser = await login();
    const id = await createDraft(browser, { name: `Varasto ${randomLetters()}`, signers });
    storeProxy.refuse(true);
    storeProxy.cutAll();
    const pdf = makePdf('Ei tallennu');
    const failed = await browser.upload(`${flowsPath}/${id}/signfile`, 'varasto.pdf', pdf, {
      timeoutMs: 30_000,
    });
    expectUnavailable(failed);
    expect(node.isRunning()).toBe(true);

    const detail = expectOk(await browser.get(`${flowsPath}/${id}`)).json();
    expect(detail.SignFileInfo).toBeNull();
    const rows = await db()
      .selectFrom('sign_flow_files')
      .select('id')
      .where('flow_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
    expect(await storedKeys()).not.toContainEqual(expect.stringContaining(id));
    // The upload's temporary copy is gone too.
    expect(await readdir(join(nodeDataDir, 'tmp'))).toEqual([]);

    // The store is back: the same upload goes through and reads back whole.
    storeProxy.refuse(false);
    const stored = expectOk(
      await browser.upload(`${flowsPath}/${id}/signfile`, 'varasto.pdf', pdf),
    ).json<{ Guid: string }>();
    const downloaded = await browser.get(`${flowsPath}/${id}/signfile/${stored.Guid}`);
    expect(expectOk(downloaded).body.equals(pdf)).toBe(true);
    const [record] = await db()
      .selectFrom('sign_flow_files')
      .select('storage_key')
      .where('id', '=', stored.Guid)
      .execute();
    const head = await s3Client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: record?.storage_key ?? '' }),
    );
    expect(head.ContentLength).toBe(pdf.length);
  }, 60_000);
});

describe('the local file store when its disk is full', () => {
  const context = useTestApp('sqlite');
  let disk: SmallDisk | undefined;
  const MiB = 1024 * 1024;
  // Plain text of random letters: a valid attachment of any size.
  const textFile = (bytes: number) => Buffer.from(randomLetters(bytes));

  beforeAll(() => {
    disk = mountSmallDisk(join(context.config.dataDir, 'files'), 2 * MiB);
  });
  afterAll(() => disk?.unmount());

  it('refuses an upload that does not fit with a clear error, keeps what was stored, and takes it once space is freed', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const saved = await browser.post(flowsPath, {
      Name: 'Täysi levy',
      Note: null,
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      ReminderIntervalInDays: null,
      InspectorEmail: null,
      Language: 'fi',
      Signers: signers,
    });
    const id = saved.json<{ Guid: string }>().Guid;
    const first = textFile(1.2 * MiB);
    const second = textFile(1.2 * MiB);
    const kept = await browser.upload(`${flowsPath}/${id}/attachment`, 'eka.txt', first);
    expect(kept.statusCode, kept.body).toBe(200);

    const refused = await browser.upload(`${flowsPath}/${id}/attachment`, 'toka.txt', second);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ status: 503, key: 'errors.unavailable' });
    // Refused because it did not fit: the second file is larger than the room left on the
    // small disk (a real tmpfs's free blocks, or what the quota standing in for it has left).
    const filesDir = join(context.config.dataDir, 'files');
    const free = statfsSync(filesDir);
    const room = disk?.mounted
      ? free.bavail * free.bsize
      : (disk?.bytes ?? 0) - (await bytesUnder(filesDir));
    expect(second.length).toBeGreaterThan(room);

    // Nothing corrupt: the first file reads back whole, the second left no record and no
    // partial file behind.
    const rows = await context.database.handle.db
      .selectFrom('sign_flow_files')
      .selectAll()
      .where('flow_id', '=', id)
      .execute();
    expect(rows.map((row) => row.file_name)).toEqual(['eka.txt']);
    const onDisk = await readdir(join(context.config.dataDir, 'files', 'flows', id));
    expect(onDisk).toEqual([rows[0]?.id]);
    const bytes = await readFile(join(context.config.dataDir, 'files', rows[0]?.storage_key ?? ''));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(rows[0]?.sha256);
    const download = await browser.get(`${flowsPath}/${id}/attachment/${rows[0]?.id}`);
    expect(download.rawPayload.equals(first)).toBe(true);

    // Space is freed (the first attachment goes): the same upload now succeeds.
    expect((await browser.delete(`${flowsPath}/${id}/attachment/${rows[0]?.id}`)).statusCode).toBe(
      204,
    );
    const retried = await browser.upload(`${flowsPath}/${id}/attachment`, 'toka.txt', second);
    expect(retried.statusCode, retried.body).toBe(200);
    const again = await browser.get(
      `${flowsPath}/${id}/attachment/${retried.json<{ Guid: string }>().Guid}`,
    );
    expect(again.rawPayload.equals(second)).toBe(true);
  });
});
