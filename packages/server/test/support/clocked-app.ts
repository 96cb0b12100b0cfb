import type { DatabaseKind } from '../../src/db/database.ts';
import { MovableClock } from '../../src/time/clock.ts';
import { TestClient } from './client.ts';
import { mailsTo, signingTokenIn } from './signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './test-app.ts';

/**
 * The set-up of the sign-flow tests: an app whose clock the test moves and whose jobs the test
 * runs (`runJobs`), with the demo sender's browser and the ways to a signer's link and id.
 */
export function useClockedApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  clock = new MovableClock(),
) {
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', ...sessionsOutlastMovedClock, ...env },
    { clock },
  );
  const db = () => context.database.handle.db;
  return {
    clock,
    context,
    db,
    runJobs: () => context.app.jobWorker.runDue(),
    /** The demo user's browser, logged in. */
    async sender() {
      const owner = new TestClient(context.app);
      await owner.login('user@example.com', 'user-demo');
      return owner;
    },
    /** The token of the signing link in the signer's first invitation. */
    async invitationToken(email: string) {
      const invitation = (await mailsTo(db(), email)).find((m) => m.text_body.includes('/sign/'));
      return signingTokenIn(invitation?.text_body ?? '');
    },
    /** The signer's id in the flow (the one the sender's calls name). */
    async signerIdOf(email: string) {
      const row = await db()
        .selectFrom('sign_flow_signers')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
