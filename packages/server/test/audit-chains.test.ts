import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  auditOperations,
  findBrokenAuditLink,
  recordAuditEvent,
} from '../src/audit/audit.service.ts';
import { TestClient } from './support/client.ts';
import { deferred } from './support/jobs.ts';
import { useTestApp } from './support/test-app.ts';

/*
 * On PostgreSQL each audit chain (a flow's, or the portal's) is appended to under a lock of
 * its own: an append that holds one flow's chain makes the same chain wait, never another.
 * (SQLite has a single writer: there is nothing to lock apart.)
 */
describe('audit chains on postgres', () => {
  const context = useTestApp('postgres');
  const db = () => context.database.handle.db;
  const event = (flowId: string | null) => ({
    operation: auditOperations.sign,
    flowId,
    actor: 'system',
    details: { test: true },
  });
  const newFlow = async () => {
    const id = randomUUID();
    const sender = new TestClient(context.app);
    await sender.login('user@example.com', 'user-demo');
    const owner = await db().selectFrom('users').select('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db()
      .insertInto('sign_flows')
      .values({
        ...{ id, owner_id: owner.id, group_id: null, name: 'Ketju', name_search: 'ketju' },
        ...{ note: null, status: 'Sent', signature_process: null, minimum_signature_level: null },
        ...{ inspector_email: null, reminder_interval_days: null, cancellation_comment: null },
        ...{ language: 'fi', created_at: now, updated_at: now, sent_at: now },
        ...{ cancelled_at: null, finished_at: null, rejected_at: null },
        ...{ last_status_query_at: null, auto_delete_at: null, deadline_at: null },
        ...{ working_file_id: null, failure_reason: null },
      })
      .execute();
    return id;
  };

  it("an append held open on one flow's chain does not hold up another flow's, and the same chain waits its turn", async () => {
    const [held, other] = [await newFlow(), await newFlow()];
    const release = deferred();
    const appended = deferred();
    const holding = db()
      .transaction()
      .execute(async (trx) => {
        await recordAuditEvent(trx, event(held), new Date());
        appended.resolve();
        await release.promise;
      });
    await appended.promise;

    // Another flow's chain and the portal's go on at once.
    const started = performance.now();
    await recordAuditEvent(db(), event(other), new Date());
    await recordAuditEvent(db(), event(null), new Date());
    expect(performance.now() - started).toBeLessThan(2_000);

    // The held chain's next append waits until the holder commits, then follows it.
    let sameChainDone = false;
    const sameChain = recordAuditEvent(db(), event(held), new Date()).then(() => {
      sameChainDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sameChainDone).toBe(false);
    release.resolve();
    await holding;
    await sameChain;
    expect(await findBrokenAuditLink(db(), held)).toBeNull();
    expect(await findBrokenAuditLink(db(), other)).toBeNull();
  });
});
