import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { e2eDataDir } from './services.ts';

/**
 * Locks a signer's link as too many e-mail codes would. Getting there through the API takes
 * minutes of growing waits between codes, which the browser tests cannot move past; the API's
 * way to the lock is tested in packages/server/test/code-limits.test.ts.
 */
export function lockSigningLink(email: string) {
  const db = new DatabaseSync(join(e2eDataDir, 'esign.db'), { timeout: 5_000 });
  try {
    db.prepare('update sign_flow_signers set code_locked_at = ? where email = ?').run(
      new Date().toISOString(),
      email,
    );
  } finally {
    db.close();
  }
}

/**
 * Moves a sent flow's deadline into the past and the hourly expiry job to now, so the portal's
 * own expiry ends it within a poll (the deadline is at least a day away; the expiry itself is
 * tested in packages/server/test/signing-flow.test.ts).
 */
export function expireFlowNow(flowId: string) {
  const db = new DatabaseSync(join(e2eDataDir, 'esign.db'), { timeout: 5_000 });
  try {
    const past = new Date(Date.now() - 60_000).toISOString();
    db.prepare('update sign_flows set deadline_at = ? where id = ?').run(past, flowId);
    const moved = db
      .prepare("update jobs set run_at = ? where kind = 'signing.expire' and locked_by is null")
      .run(past);
    if (moved.changes === 0) throw new Error('no waiting expiry job to move');
  } finally {
    db.close();
  }
}

/**
 * Lets days pass for the given sent flows only, as a moved clock would for them: their
 * deadlines move that much earlier (other tests' flows in the shared database keep theirs) and
 * the hourly expiry job runs now, so the portal's own expiry decides which of them ended.
 */
export function letDaysPassForFlows(flowIds: string[], days: number) {
  const db = new DatabaseSync(join(e2eDataDir, 'esign.db'), { timeout: 5_000 });
  try {
    const read = db.prepare('select deadline_at from sign_flows where id = ?');
    const write = db.prepare('update sign_flows set deadline_at = ? where id = ?');
    for (const flowId of flowIds) {
      const row = read.get(flowId) as { deadline_at: string | null } | undefined;
      if (row?.deadline_at == null) throw new Error(`flow ${flowId} has no deadline`);
      const moved = new Date(Date.parse(row.deadline_at) - days * 86_400_000).toISOString();
      write.run(moved, flowId);
    }
    const due = db
      .prepare("update jobs set run_at = ? where kind = 'signing.expire' and locked_by is null")
      .run(new Date(Date.now() - 60_000).toISOString());
    if (due.changes === 0) throw new Error('no waiting expiry job to move');
  } finally {
    db.close();
  }
}

/**
 * Marks a sent flow failed with a reason, as a completion that gave up would (the failure
 * itself is tested in packages/server/test/invitation-failure.test.ts and jobs.test.ts).
 */
export function failFlow(flowId: string, reason: string) {
  const db = new DatabaseSync(join(e2eDataDir, 'esign.db'), { timeout: 5_000 });
  try {
    db.prepare("update sign_flows set status = 'Error', failure_reason = ? where id = ?").run(
      reason,
      flowId,
    );
  } finally {
    db.close();
  }
}

/**
 * Turns a webhook off as the portal does after 3 days of failed deliveries, failing since the
 * time given (3 days of failures cannot be waited for; the server's tests cover the turning off).
 */
export function turnWebhookOffAsFailing(url: string, failingSince: Date) {
  const db = new DatabaseSync(join(e2eDataDir, 'esign.db'), { timeout: 5_000 });
  try {
    const changed = db
      .prepare(
        "update webhook_endpoints set enabled = 0, disabled_reason = 'failing', disabled_at = ?, failing_since = ? where url = ?",
      )
      .run(new Date().toISOString(), failingSince.toISOString(), url);
    if (changed.changes === 0) throw new Error(`no webhook ${url}`);
  } finally {
    db.close();
  }
}
