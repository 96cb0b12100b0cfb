import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { signingJobs } from '../src/signing/signing-deps.ts';
import { createPostgresSchema, type PostgresSchema } from './support/backends.ts';
import { testDatabaseUrl } from './support/databases.ts';
import { startHeldUpload } from './support/held-upload.ts';
import { HttpClient } from './support/http-client.ts';
import { freePort, startNode, type NodeProcess } from './support/node-process.ts';
import {
  createDraft,
  expectOk,
  flowsPath,
  identifyRemotely,
  nextMailTo,
  randomLetters,
  sendRemoteFlow,
  waitFor,
} from './support/remote-signing.ts';
import { signingTokenIn } from './support/signing.ts';
import { createWebDist } from './support/test-app.ts';
import { startTsaGate, type TsaGate } from './support/tsa-gate.ts';

// What a node killed with SIGKILL leaves behind, and how the portal takes it up again: its
// temporary files (uploads in DATA_DIR/tmp, half-written copies in the file store, working
// folders in the machine's temporary folder) and the jobs it had claimed.

const owner = 'user@example.com';

/** The names in a folder that start with `prefix` (none when the folder is not there). */
async function namesIn(dir: string, prefix: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => name.startsWith(prefix));
}

/** Every half-written copy anywhere under the file store. */
async function partialsUnder(filesDir: string): Promise<string[]> {
  const names = await readdir(filesDir, { recursive: true }).catch(() => []);
  return names.filter((name) => name.includes('.partial-'));
}

/** A plain-text file of `bytes` random letters: an attachment of any size. */
const textOf = (bytes: number) => Buffer.from(randomLetters(bytes));

async function signedInAt(node: NodeProcess) {
  const browser = new HttpClient(node.url);
  await browser.login(owner, 'user-demo');
  return browser;
}

describe('one node on SQLite killed with SIGKILL and started again', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-crash-data-'));
  // The node's own temporary folder (TMPDIR), so that its working folders can be counted.
  const workDir = mkdtempSync(join(tmpdir(), 'esign-crash-tmp-'));
  let port = 0;
  let gate: TsaGate | undefined;
  let node: NodeProcess | undefined;
  let database: DatabaseHandle | undefined;
  const db = () => {
    if (!database) throw new Error('not started');
    return database.db;
  };
  const running = () => {
    if (!node?.isRunning()) throw new Error('the node is not running');
    return node;
  };
  const tsa = () => {
    if (!gate) throw new Error('no gate');
    return gate;
  };
  const start = async () => {
    node = await startNode(
      'crash',
      {
        DATA_DIR: dataDir,
        TMPDIR: workDir,
        WEB_DIST_DIR: createWebDist(),
        TSA_URL: tsa().urlFor('crash', `http://127.0.0.1:${port}`),
        // The gate passes the node's time-stamp requests on to its own public TSA.
        TSA_PUBLIC: 'true',
      },
      { port },
    );
    return node;
  };

  beforeAll(async () => {
    gate = await startTsaGate();
    port = await freePort();
    await start();
    database = openDatabase({ dataDir });
  }, 60_000);

  afterAll(async () => {
    await node?.stop();
    await database?.close();
    await gate?.close();
  }, 30_000);

  it('a node killed mid-upload leaves no upload file once the portal starts again', async () => {
    const browser = await signedInAt(running());
    const id = await createDraft(browser, {
      name: `Keskeytetty lataus ${randomLetters()}`,
      signers: [],
    });
    const upload = startHeldUpload(
      browser,
      `${flowsPath}/${id}/attachment`,
      'iso.txt',
      textOf(20 * 1024 * 1024),
      8 * 1024 * 1024,
    );
    const uploadDir = join(dataDir, 'tmp');
    await waitFor('the upload to reach DATA_DIR/tmp', async () => {
      const [name] = await namesIn(uploadDir, 'upload-');
      return name !== undefined && (await stat(join(uploadDir, name))).size > 0;
    });
    await running().kill();
    await upload.ended;
    // The crash left it, as it did before.
    expect(await namesIn(uploadDir, 'upload-')).toHaveLength(1);

    await start();
    expect(await namesIn(uploadDir, 'upload-')).toEqual([]);
  }, 60_000);

  it('a node killed while a stored file is flushed leaves no partial file once the portal starts again', async () => {
    const filesDir = join(dataDir, 'files');
    // The copy into the store takes a moment; the node is killed when it is seen under way
    // (when the copy finished first, the upload went through and it is tried again).
    let leftBehind: string[] = [];
    for (let attempt = 0; attempt < 8 && leftBehind.length === 0; attempt += 1) {
      const browser = await signedInAt(running());
      const id = await createDraft(browser, { name: `Kesken ${randomLetters()}`, signers: [] });
      const flowDir = join(filesDir, 'flows', id);
      const uploading = browser
        .upload(`${flowsPath}/${id}/attachment`, 'suuri.txt', textOf(90 * 1024 * 1024), {
          timeoutMs: 60_000,
        })
        .catch(() => undefined);
      let seen = false;
      let done = false;
      void uploading.then(() => (done = true));
      while (!seen && !done) {
        seen = (await namesIn(flowDir, '')).some((name) => name.includes('.partial-'));
        if (!seen) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (seen) {
        await running().kill();
        leftBehind = await partialsUnder(filesDir);
        await start();
      }
      await uploading;
    }
    expect(leftBehind, 'a kill that landed while the copy was flushed').toHaveLength(1);
    expect(await partialsUnder(filesDir)).toEqual([]);
  }, 180_000);

  it('a node killed while signing leaves no working folder once the portal starts again, and the signer then signs', async () => {
    const sender = await signedInAt(running());
    const email = `kesken.${randomLetters()}@example.com`;
    const id = await sendRemoteFlow(sender, {
      name: `Kesken allekirjoitus ${randomLetters()}`,
      process: 'Concurrent',
      signers: [{ Name: 'Keskeytetty Allekirjoittaja', Email: email }],
    });
    const token = signingTokenIn((await nextMailTo(db(), email, new Set())).text_body);
    const signer = await identifyRemotely(running().url, db(), token, email);
    // The signature's time stamp is held: the node stops inside the signing.
    tsa().holdAfter(0);
    const held = tsa().nextHeld();
    const signing = signer
      .post(`/api/sign/${token}/sign`, { HaveRead: true })
      .catch(() => undefined);
    await held;
    expect(await namesIn(workDir, 'esign-signing-')).toHaveLength(1);
    await running().kill();
    await signing;
    tsa().open();
    expect(await namesIn(workDir, 'esign-signing-')).toHaveLength(1);

    await start();
    expect(await namesIn(workDir, 'esign-signing-')).toEqual([]);
    expectOk(await signer.post(`/api/sign/${token}/sign`, { HaveRead: true }));
    await waitFor('the flow to finish', async () => {
      const flow = expectOk(await sender.get(`${flowsPath}/${id}`)).json<{ Status: string }>();
      return flow.Status === 'Finished';
    });
  }, 90_000);

  it('a node killed while completing a flow finishes it as soon as it starts again, not after the job lock, and leaves no working folder', async () => {
    const sender = await signedInAt(running());
    const email = `valmistuu.${randomLetters()}@example.com`;
    const id = await sendRemoteFlow(sender, {
      name: `Valmistuva ${randomLetters()}`,
      process: 'Concurrent',
      signers: [{ Name: 'Viimeinen Allekirjoittaja', Email: email }],
    });
    const token = signingTokenIn((await nextMailTo(db(), email, new Set())).text_body);
    const signer = await identifyRemotely(running().url, db(), token, email);
    // The signature's time stamp passes; the completion's document time stamp is held.
    tsa().holdAfter(1);
    const held = tsa().nextHeld();
    expectOk(await signer.post(`/api/sign/${token}/sign`, { HaveRead: true }));
    await held;
    const job = await db()
      .selectFrom('jobs')
      .select(['locked_by', 'locked_until'])
      .where('kind', '=', signingJobs.complete)
      .where('payload', 'like', `%${id}%`)
      .executeTakeFirstOrThrow();
    expect(job.locked_by?.startsWith(running().workerIdPrefix)).toBe(true);
    // The claim would hold the job for JOB_LOCK_SECONDS (300 s by default).
    expect(new Date(job.locked_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 240_000);
    await running().kill();
    tsa().open();
    expect(await namesIn(workDir, 'esign-signing-')).toHaveLength(1);

    const restartedAt = Date.now();
    await start();
    await waitFor(
      'the flow to finish',
      async () => {
        const flow = expectOk(await sender.get(`${flowsPath}/${id}`)).json<{ Status: string }>();
        return flow.Status === 'Finished';
      },
      30_000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    await waitFor(
      'the working folders to go',
      async () => (await namesIn(workDir, 'esign-signing-')).length === 0,
    );
  }, 90_000);
});

describe('two nodes on PostgreSQL sharing DATA_DIR when one is killed', () => {
  const heartbeatSeconds = 2;
  let schema: PostgresSchema | undefined;
  let gate: TsaGate | undefined;
  let database: DatabaseHandle | undefined;
  let nodes: NodeProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'esign-crash-shared-'));
  const env: Record<string, string> = {};
  const ports: Record<string, number> = {};
  const db = () => {
    if (!database) throw new Error('not started');
    return database.db;
  };
  const node = (name: string) => {
    const found = nodes.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no node ${name}`);
    return found;
  };
  const start = async (name: string) => {
    if (!gate) throw new Error('no gate');
    const port = ports[name] ?? 0;
    const started = await startNode(
      name,
      {
        ...env,
        // Each node is a machine of its own: its own temporary folder.
        TMPDIR: mkdtempSync(join(tmpdir(), `esign-crash-${name}-`)),
        TSA_URL: gate.urlFor(name, `http://127.0.0.1:${port}`),
        // The gate passes the nodes' time-stamp requests on to their own public TSA.
        TSA_PUBLIC: 'true',
      },
      { port },
    );
    nodes = [...nodes.filter((other) => other.name !== name), started];
    return started;
  };

  beforeAll(async () => {
    schema = await createPostgresSchema();
    gate = await startTsaGate();
    Object.assign(env, {
      DATABASE_URL: schema.url,
      // The file store on disk: both nodes share DATA_DIR, its tmp folder included.
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      PKI_PASSPHRASE: randomBytes(16).toString('base64url'),
      WEB_DIST_DIR: createWebDist(),
      HEARTBEAT_TIMEOUT_SECONDS: String(heartbeatSeconds),
    });
    ports.a = await freePort();
    ports.b = await freePort();
    await Promise.all([start('a'), start('b')]);
    database = openDatabase({ databaseUrl: testDatabaseUrl, dataDir, schema: schema.schema });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((each) => each.stop()));
    await database?.close();
    await gate?.close();
    await schema?.dispose();
  }, 30_000);

  it('a node that starts leaves alone the upload another live node is receiving into the shared DATA_DIR', async () => {
    const browser = await signedInAt(node('a'));
    const id = await createDraft(browser, { name: `Jaettu ${randomLetters()}`, signers: [] });
    const content = textOf(4 * 1024 * 1024);
    const upload = startHeldUpload(
      browser,
      `${flowsPath}/${id}/attachment`,
      'jaettu.txt',
      content,
      1024 * 1024,
    );
    const uploadDir = join(dataDir, 'tmp');
    await waitFor('the upload to reach DATA_DIR/tmp', async () => {
      const [name] = await namesIn(uploadDir, 'upload-');
      return name !== undefined && (await stat(join(uploadDir, name))).size > 0;
    });
    // B starts again (and sweeps at start) while A is still receiving.
    await node('b').stop();
    await start('b');
    expect(await namesIn(uploadDir, 'upload-')).toHaveLength(1);
    expect(await upload.finish()).toBe(200);
    const detail = expectOk(await browser.get(`${flowsPath}/${id}`)).json<{
      AttachmentInfo: Array<{ Guid: string }>;
    }>();
    const stored = await browser.get(
      `${flowsPath}/${id}/attachment/${detail.AttachmentInfo[0]?.Guid}`,
    );
    expect(expectOk(stored).body.equals(content)).toBe(true);
  }, 60_000);

  it('a node killed while completing a flow has it finished by the other node once its heartbeat stops, long before the job lock ends', async () => {
    const sender = await signedInAt(node('a'));
    const email = `sydan.${randomLetters()}@example.com`;
    const id = await sendRemoteFlow(sender, {
      name: `Sydämenlyönti ${randomLetters()}`,
      process: 'Concurrent',
      signers: [{ Name: 'Lyönnin Allekirjoittaja', Email: email }],
    });
    const token = signingTokenIn((await nextMailTo(db(), email, new Set())).text_body);
    const signer = await identifyRemotely(node('b').url, db(), token, email);
    if (!gate) throw new Error('no gate');
    gate.holdAfter(1);
    const held = gate.nextHeld();
    expectOk(await signer.post(`/api/sign/${token}/sign`, { HaveRead: true }));
    const victim = node(await held);
    const job = await db()
      .selectFrom('jobs')
      .select(['locked_by', 'locked_until'])
      .where('kind', '=', signingJobs.complete)
      .where('payload', 'like', `%${id}%`)
      .executeTakeFirstOrThrow();
    expect(job.locked_by?.startsWith(victim.workerIdPrefix)).toBe(true);
    expect(new Date(job.locked_until ?? 0).getTime()).toBeGreaterThan(Date.now() + 240_000);

    const killedAt = Date.now();
    await victim.kill();
    gate.open();
    const survivor = nodes.find((each) => each !== victim) ?? victim;
    const onSurvivor = sender.at(survivor.url);
    await waitFor(
      'the survivor to finish the flow',
      async () => {
        const flow = expectOk(await onSurvivor.get(`${flowsPath}/${id}`)).json<{
          Status: string;
        }>();
        return flow.Status === 'Finished';
      },
      60_000,
    );
    // A heartbeat timeout and a beat, and the completion itself: seconds, not five minutes.
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    const ended = await db()
      .selectFrom('nodes')
      .select('ended_at')
      .where('id', 'like', `${victim.workerIdPrefix}%`)
      .executeTakeFirstOrThrow();
    expect(ended.ended_at).not.toBeNull();
  }, 90_000);
});
