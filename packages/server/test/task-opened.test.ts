import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { auditSigner } from '../src/db/migrations/0011-audit-signer.ts';
import { TestClient } from './support/client.ts';
import { useClockedApp } from './support/clocked-app.ts';
import { createTestDatabase, databaseKinds } from './support/databases.ts';
import { mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';

describe.each(databaseKinds)("a signer's opened task on %s", (kind) => {
  const app = useClockedApp(kind);
  const { clock, context, db } = app;
  const opensOf = async (email: string) =>
    db()
      .selectFrom('audit_events')
      .innerJoin('sign_flow_signers', 'sign_flow_signers.id', 'audit_events.signer_id')
      .select('audit_events.id')
      .where('audit_events.operation', '=', 'Opened')
      .where('sign_flow_signers.email', '=', email)
      .execute();

  it('is recorded once in half an hour for each signer, and again after', async () => {
    const owner = await app.sender();
    const [first, second] = [`olli.${kind}@example.com`, `outi.${kind}@example.com`];
    await sendFlow(owner, {
      process: 'Concurrent',
      signers: [
        { Name: 'Olli Avaaja', Email: first },
        { Name: 'Outi Avaaja', Email: second },
      ],
    });
    await app.runJobs();
    const linkOf = async (email: string) =>
      signingTokenIn((await mailsTo(db(), email))[0]?.text_body ?? '');
    const browser = new TestClient(context.app);
    const firstToken = await linkOf(first);
    expect((await browser.get(`/api/sign/${firstToken}`)).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await browser.get(`/api/sign/${firstToken}`)).statusCode).toBe(200);
    expect(await opensOf(first)).toHaveLength(1);
    // Another signer of the same flow is counted on their own.
    expect((await browser.get(`/api/sign/${await linkOf(second)}`)).statusCode).toBe(200);
    expect(await opensOf(second)).toHaveLength(1);
    clock.advance(2 * 60_000);
    expect((await browser.get(`/api/sign/${firstToken}`)).statusCode).toBe(200);
    expect(await opensOf(first)).toHaveLength(2);
  });

  it('names the signer of events recorded before the column existed, from their details', async () => {
    const database = await createTestDatabase(kind);
    try {
      await migrateToLatest(database.handle);
      const migration = auditSigner({ kind });
      const raw = database.handle.db as unknown as Kysely<unknown>;
      await migration.down?.(raw);
      const details = ['{"signerId":"s-1","method":"email-code"}', '{}', '{"signerId":42}'];
      for (const [index, text] of details.entries()) {
        await (database.handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .insertInto('audit_events')
          .values({
            id: `event-${index}`,
            occurred_at: new Date().toISOString(),
            operation: 'Opened',
            details: text,
            previous_hash: '0'.repeat(64),
            hash: '0'.repeat(64),
          })
          .execute();
      }
      await migration.up(raw);
      const rows = await database.handle.db
        .selectFrom('audit_events')
        .select(['id', 'signer_id'])
        .orderBy('seq')
        .execute();
      expect(rows).toEqual([
        { id: 'event-0', signer_id: 's-1' },
        { id: 'event-1', signer_id: null },
        { id: 'event-2', signer_id: null },
      ]);
    } finally {
      await database.dispose();
    }
  });
});
