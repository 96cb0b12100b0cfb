import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claimStorageKeys,
  discardUnrecordedFiles,
  reservationGraceMs,
  reserveStorageKeys,
  sweepPendingFileDeletions,
} from '../src/files/stored-objects.ts';
import { createDiskStorage } from '../src/storage/disk-storage.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

// What a lost connection to PostgreSQL looks like to the caller of a transaction.
const connectionLost = new Error('Connection terminated unexpectedly');

describe.each(databaseKinds)('objects in the store and their records on %s', (kind) => {
  const context = useTestApp(kind);
  const db = () => context.database.handle.db;
  const storage = () => createDiskStorage(join(context.config.dataDir, 'files'));
  const deps = () => ({ db: db(), storage: storage() });
  const onDisk = (key: string) => existsSync(join(context.config.dataDir, 'files', key));
  const pendingKeys = async () =>
    (await db().selectFrom('pending_file_deletions').select('storage_key').execute()).map(
      (row) => row.storage_key,
    );

  const newFlow = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return (await browser.post('/api/esign/SignFlows', { Name: 'Tallenne' })).json<{
      Guid: string;
    }>().Guid;
  };
  /** Reserves a key and writes an object under it, as every writer does. */
  const writeObject = async (flowId: string) => {
    const key = `flows/${flowId}/${randomUUID()}`;
    const local = join(mkdtempSync(join(tmpdir(), 'esign-object-')), 'file.txt');
    writeFileSync(local, 'sisältö');
    await reserveStorageKeys(db(), [key], new Date());
    await storage().putFile(key, local, 'text/plain');
    return key;
  };
  const record = async (flowId: string, key: string) => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('sign_flow_files')
          .values({
            id: randomUUID(),
            flow_id: flowId,
            kind: 'attachment',
            file_name: `${randomUUID()}.txt`,
            content_type: 'text/plain',
            size: 7,
            sha256: '0'.repeat(64),
            storage_key: key,
            created_at: new Date().toISOString(),
          })
          .execute();
        await claimStorageKeys(trx, [key]);
      });
  };

  it('keeps an object whose record committed although its transaction answered with a lost connection', async () => {
    const flowId = await newFlow();
    const key = await writeObject(flowId);
    await record(flowId, key);
    await discardUnrecordedFiles(deps(), [key], connectionLost);
    expect(onDisk(key)).toBe(true);
    // Asked again once the database answers, the record still protects it.
    await discardUnrecordedFiles(deps(), [key]);
    expect(onDisk(key)).toBe(true);
    expect(await pendingKeys()).not.toContain(key);
  });

  it('leaves an object whose commit is in doubt reserved, and the sweep removes it after the grace period', async () => {
    const flowId = await newFlow();
    const key = await writeObject(flowId);
    await discardUnrecordedFiles(deps(), [key], connectionLost);
    expect(onDisk(key)).toBe(true);
    expect(await pendingKeys()).toContain(key);

    // Within the grace period a reservation may belong to a write still on its way.
    await sweepPendingFileDeletions(db(), storage(), new Date());
    expect(onDisk(key)).toBe(true);

    await sweepPendingFileDeletions(db(), storage(), new Date(Date.now() + reservationGraceMs + 1));
    expect(onDisk(key)).toBe(false);
    expect(await pendingKeys()).not.toContain(key);
  });

  it('removes at once an object whose transaction failed for a reason of its own', async () => {
    const flowId = await newFlow();
    const key = await writeObject(flowId);
    await discardUnrecordedFiles(deps(), [key], new Error('the signer was no longer unsigned'));
    expect(onDisk(key)).toBe(false);
    expect(await pendingKeys()).not.toContain(key);
  });

  it('never removes an object a record names, however long its key has waited', async () => {
    const flowId = await newFlow();
    const key = await writeObject(flowId);
    await record(flowId, key);
    // A reservation left over beside a record (as after a crash between two steps).
    await reserveStorageKeys(db(), [key], new Date());
    await sweepPendingFileDeletions(db(), storage(), new Date(Date.now() + reservationGraceMs + 1));
    expect(onDisk(key)).toBe(true);
    expect(await pendingKeys()).not.toContain(key);
  });

  it('sweeps more waiting keys than one batch holds', async () => {
    const flowId = await newFlow();
    const keys = Array.from({ length: 1_203 }, () => `flows/${flowId}/${randomUUID()}`);
    await reserveStorageKeys(db(), keys, new Date());
    await sweepPendingFileDeletions(db(), storage(), new Date(Date.now() + reservationGraceMs + 1));
    expect(await pendingKeys()).toEqual([]);
  });
});
