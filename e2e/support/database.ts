import { join } from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir } from '../playwright.config.ts';

/**
 * Locks a signer's link as too many e-mail codes would. Getting there through the API takes
 * minutes of growing waits between codes, which the browser tests cannot move past; the API's
 * way to the lock is tested in packages/server/test/code-limits.test.ts.
 */
export function lockSigningLink(email: string) {
  const db = new Database(join(e2eDataDir, 'esign.db'));
  try {
    db.prepare('update sign_flow_signers set code_locked_at = ? where email = ?').run(
      new Date().toISOString(),
      email,
    );
  } finally {
    db.close();
  }
}
