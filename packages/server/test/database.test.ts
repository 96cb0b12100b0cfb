import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findSetting, upsertSetting } from '../src/config/config.repository.ts';
import { toIsoString } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase, databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('migrations and health on %s', (kind) => {
  it('migrates a fresh database, and a second run changes nothing', async () => {
    const database = await createTestDatabase(kind);
    try {
      expect(await migrateToLatest(database.handle)).toEqual(
        expect.arrayContaining(['0001-initial', '0002-identity']),
      );
      expect(await migrateToLatest(database.handle)).toEqual([]);
      await upsertSetting(database.handle.db, 'greeting', 'hei', new Date());
      await upsertSetting(database.handle.db, 'greeting', 'hej', new Date());
      expect(await findSetting(database.handle.db, 'greeting')).toBe('hej');
      const row = await database.handle.db
        .selectFrom('settings')
        .select('updated_at')
        .executeTakeFirstOrThrow();
      expect(toIsoString(row.updated_at)).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    } finally {
      await database.dispose();
    }
  });

  it('lets two starts migrate the same database at once', async () => {
    const database = await createTestDatabase(kind);
    try {
      const results = await Promise.allSettled([
        migrateToLatest(database.handle),
        migrateToLatest(database.handle),
      ]);
      expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
      const count = await sql<{ n: number }>`select count(*) as n from settings`.execute(
        database.handle.db,
      );
      expect(Number(count.rows[0]?.n)).toBe(0);
    } finally {
      await database.dispose();
    }
  });

  describe('health endpoints', () => {
    const context = useTestApp(kind);

    it('answers /healthz and /readyz while the database answers', async () => {
      expect((await context.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await context.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    });

    it('answers /readyz with 503 once the database is gone, /healthz still 200', async () => {
      await context.database.handle.close();
      const ready = await context.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await context.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    });
  });
});
