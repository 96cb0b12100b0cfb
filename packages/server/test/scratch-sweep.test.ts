import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { reserveStorageKeys } from '../src/files/stored-objects.ts';
import { scratchOf, type Scratch } from '../src/files/scratch.ts';
import { sweepScratch } from '../src/files/scratch-sweep.ts';
import type { RunStates } from '../src/jobs/job-queue.ts';
import { createDiskStorage } from '../src/storage/disk-storage.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';

const tags = {
  self: '0000000000000001',
  live: '0000000000000002',
  ended: '0000000000000003',
  unknown: '0000000000000004',
};
const runs: RunStates = {
  self: tags.self,
  live: new Set([tags.self, tags.live]),
  ended: new Set([tags.ended]),
};
const now = new Date();
const twoHoursAgo = new Date(now.getTime() - 2 * 3_600_000);

function place(path: string, options: { folder?: boolean; modifiedAt?: Date } = {}) {
  if (options.folder) {
    mkdirSync(path);
    writeFileSync(join(path, 'working.pdf'), 'half a signature');
  } else writeFileSync(path, 'half an upload');
  if (options.modifiedAt) utimesSync(path, options.modifiedAt, options.modifiedAt);
}

describe('the sweep of what crashed runs left in temporary folders', () => {
  let database: TestDatabase;
  let scratch: Scratch;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await migrateToLatest(database.handle);
    scratch = {
      ...scratchOf(database.dataDir, tags.self),
      workDir: mkdtempSync(join(tmpdir(), 'esign-work-')),
    };
  });
  afterAll(() => database.dispose());

  it("removes an ended run's uploads, working folders and half-written copies at once, keeps a live run's, and takes those of unknown runs only after an hour", async () => {
    const storage = createDiskStorage(join(database.dataDir, 'files'), tags.self);
    mkdirSync(scratch.uploadDir, { recursive: true });
    const upload = (name: string, modifiedAt?: Date) =>
      place(join(scratch.uploadDir, name), modifiedAt ? { modifiedAt } : {});
    upload(`upload-${tags.ended}-aaaa`);
    upload(`upload-${tags.live}-aaaa`, twoHoursAgo);
    upload(`upload-${tags.self}-aaaa`, twoHoursAgo);
    upload(`upload-${tags.unknown}-aaaa`);
    upload(`upload-${tags.unknown}-bbbb`, twoHoursAgo);
    // Names from before they carried a run: by age alone.
    upload('upload-0123456789abcdef01234567');
    upload('upload-76543210fedcba9876543210', twoHoursAgo);
    const work = (name: string, modifiedAt?: Date) =>
      place(join(scratch.workDir, name), { folder: true, ...(modifiedAt ? { modifiedAt } : {}) });
    work(`esign-signing-${tags.ended}-Ab12Cd`);
    work(`esign-signing-${tags.live}-Ab12Cd`, twoHoursAgo);
    work('esign-signing-Xy98Zw');
    work('esign-signing-Qr56St', twoHoursAgo);
    work('something-else', twoHoursAgo);

    // Half-written copies beside a reserved key, the only place a write leaves one.
    const key = 'flows/vuoto/tiedosto';
    await reserveStorageKeys(database.handle.db, [key], now);
    const flowDir = join(database.dataDir, 'files', 'flows', 'vuoto');
    mkdirSync(flowDir, { recursive: true });
    place(join(flowDir, `tiedosto.partial-${tags.ended}-0a0b0c0d0e0f`));
    place(join(flowDir, `tiedosto.partial-${tags.live}-0a0b0c0d0e0f`));
    place(join(flowDir, 'tiedosto.partial-0a0b0c0d0e0f'), { modifiedAt: twoHoursAgo });
    place(join(flowDir, `muu.partial-${tags.ended}-0a0b0c0d0e0f`));

    const removed = await sweepScratch({ db: database.handle.db, storage, scratch }, runs, now);
    expect(removed).toEqual({ uploads: 3, workFolders: 2, partials: 2 });
    expect((await readdir(scratch.uploadDir)).sort()).toEqual(
      [
        `upload-${tags.live}-aaaa`,
        `upload-${tags.self}-aaaa`,
        `upload-${tags.unknown}-aaaa`,
        'upload-0123456789abcdef01234567',
      ].sort(),
    );
    expect((await readdir(scratch.workDir)).sort()).toEqual(
      [`esign-signing-${tags.live}-Ab12Cd`, 'esign-signing-Xy98Zw', 'something-else'].sort(),
    );
    // A copy beside a key nobody reserved is not this sweep's to judge.
    expect((await readdir(flowDir)).sort()).toEqual(
      [
        `muu.partial-${tags.ended}-0a0b0c0d0e0f`,
        `tiedosto.partial-${tags.live}-0a0b0c0d0e0f`,
      ].sort(),
    );
  });

  it('removes the half-written copies of a key when the key itself is removed', async () => {
    const storage = createDiskStorage(join(database.dataDir, 'files'), tags.self);
    const flowDir = join(database.dataDir, 'files', 'flows', 'poisto');
    mkdirSync(flowDir, { recursive: true });
    place(join(flowDir, 'tiedosto'));
    place(join(flowDir, `tiedosto.partial-${tags.ended}-0a0b0c0d0e0f`));
    place(join(flowDir, 'toinen'));
    await storage.delete('flows/poisto/tiedosto');
    expect(await readdir(flowDir)).toEqual(['toinen']);
  });
});
