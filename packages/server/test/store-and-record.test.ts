import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import {
  flowObjectKey,
  lostRace,
  storeAndRecord,
  storedAt,
  storeReserved,
  type ObjectSource,
} from '../src/files/store-and-record.ts';
import { reservationGraceMs, sweepPendingFileDeletions } from '../src/files/stored-objects.ts';
import { createDiskStorage } from '../src/storage/disk-storage.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';
import { systemClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

// What a lost connection to PostgreSQL looks like to the caller of a transaction.
const connectionLost = new Error('Connection terminated unexpectedly');

describe.each(databaseKinds)('storing an object and recording it on %s', (kind) => {
  const context = useTestApp(kind);
  const db = () => context.database.handle.db;
  const disk = () => createDiskStorage(join(context.config.dataDir, 'files'));
  const deps = (storage: FileStorage = disk()) => ({ db: db(), storage, clock: systemClock });
  const onDisk = (key: string) => existsSync(join(context.config.dataDir, 'files', key));
  const pending = async (key: string) =>
    (await db()
      .selectFrom('pending_file_deletions')
      .select('storage_key')
      .where('storage_key', '=', key)
      .executeTakeFirst()) !== undefined;
  const recorded = async (key: string) =>
    (await db()
      .selectFrom('sign_flow_files')
      .select('id')
      .where('storage_key', '=', key)
      .executeTakeFirst()) !== undefined;

  const newFlow = async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    return (await browser.post('/api/esign/SignFlows', { Name: 'Tallenne' })).json<{
      Guid: string;
    }>().Guid;
  };
  const localFile = (text = `sisältö ${randomUUID()}`) => {
    const path = join(mkdtempSync(join(tmpdir(), 'esign-store-')), 'file.txt');
    writeFileSync(path, text);
    return path;
  };
  const objectFor = (flowId: string): ObjectSource & { file: string } => ({
    key: flowObjectKey(flowId, randomUUID()),
    file: localFile(),
    contentType: 'text/plain',
  });
  const insertRecord = (trx: Kysely<Database>, flowId: string, key: string, sha256 = '') =>
    trx
      .insertInto('sign_flow_files')
      .values({
        id: randomUUID(),
        flow_id: flowId,
        kind: 'attachment',
        file_name: `${randomUUID()}.txt`,
        content_type: 'text/plain',
        size: 1,
        sha256,
        storage_key: key,
        created_at: new Date().toISOString(),
      })
      .execute();

  it('stores a copy, records it with its size and SHA-256, claims its key and leaves the caller its file', async () => {
    const flowId = await newFlow();
    const object = objectFor(flowId);
    const bytes = readFileSync(object.file);
    const answer = await storeAndRecord(deps(), [object], async (trx, stored) => {
      const { size, sha256 } = storedAt(stored, object.key);
      expect(size).toBe(bytes.length);
      expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      await insertRecord(trx, flowId, object.key, sha256);
      return 'recorded';
    });
    expect(answer).toBe('recorded');
    expect(onDisk(object.key)).toBe(true);
    expect(await recorded(object.key)).toBe(true);
    expect(await pending(object.key)).toBe(false);
    // The disk store copied: the caller's file is where it was, unchanged.
    expect(readFileSync(object.file).equals(bytes)).toBe(true);
  });

  it('when the store fails, nothing is recorded and no reservation is left behind', async () => {
    const flowId = await newFlow();
    const object = objectFor(flowId);
    const failing: FileStorage = {
      ...disk(),
      putFile: () => Promise.reject(new Error('disk full')),
    };
    let recordRan = false;
    await expect(
      storeAndRecord(deps(failing), [object], () => {
        recordRan = true;
        return Promise.resolve(true);
      }),
    ).rejects.toThrow('disk full');
    expect(recordRan).toBe(false);
    expect(await pending(object.key)).toBe(false);
    expect(onDisk(object.key)).toBe(false);
  });

  it('when the record step throws, its writes roll back and the stored object is removed', async () => {
    const flowId = await newFlow();
    const object = objectFor(flowId);
    await expect(
      storeAndRecord(deps(), [object], async (trx) => {
        await insertRecord(trx, flowId, object.key);
        throw new Error('a rule refused it');
      }),
    ).rejects.toThrow('a rule refused it');
    expect(await recorded(object.key)).toBe(false);
    expect(onDisk(object.key)).toBe(false);
    expect(await pending(object.key)).toBe(false);
  });

  it('when the record step lost a race, its writes roll back, the object goes and lostRace is answered', async () => {
    const flowId = await newFlow();
    const object = objectFor(flowId);
    const answer = await storeAndRecord(deps(), [object], async (trx) => {
      await insertRecord(trx, flowId, object.key);
      return lostRace;
    });
    expect(answer).toBe(lostRace);
    expect(await recorded(object.key)).toBe(false);
    expect(onDisk(object.key)).toBe(false);
  });

  it("when the database's answer was lost, the object stays reserved and the sweep decides by the record", async () => {
    const flowId = await newFlow();
    const committed = objectFor(flowId);
    const neverCommitted = objectFor(flowId);
    // The commit of the first landed but its answer was lost (its record stands for that
    // commit, written beside the transaction); the second never committed.
    await db()
      .transaction()
      .execute((trx) => insertRecord(trx, flowId, committed.key));
    for (const object of [committed, neverCommitted]) {
      await expect(
        storeAndRecord(deps(), [object], async (trx) => {
          await insertRecord(trx, flowId, `${object.key}-other`);
          throw connectionLost;
        }),
      ).rejects.toBe(connectionLost);
      expect(onDisk(object.key)).toBe(true);
      expect(await pending(object.key)).toBe(true);
    }
    const later = new Date(Date.now() + reservationGraceMs + 60_000);
    await sweepPendingFileDeletions(db(), disk(), later);
    expect(onDisk(committed.key)).toBe(true);
    expect(await pending(committed.key)).toBe(false);
    expect(onDisk(neverCommitted.key)).toBe(false);
    expect(await pending(neverCommitted.key)).toBe(false);
  });

  it('a process that dies between storing and recording leaves a reservation the sweep removes after the grace period', async () => {
    const flowId = await newFlow();
    const object = objectFor(flowId);
    // storeReserved is steps 1 and 2; the "crash" is that step 3 never comes.
    await storeReserved(deps(), [object]);
    expect(onDisk(object.key)).toBe(true);
    await sweepPendingFileDeletions(db(), disk(), new Date());
    expect(onDisk(object.key)).toBe(true); // within the grace period: it may still be recorded
    await sweepPendingFileDeletions(
      db(),
      disk(),
      new Date(Date.now() + reservationGraceMs + 60_000),
    );
    expect(onDisk(object.key)).toBe(false);
    expect(await pending(object.key)).toBe(false);
  });
});
