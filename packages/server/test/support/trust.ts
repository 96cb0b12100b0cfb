import { loadPortalTrust } from '../../src/pki/portal-trust.ts';
import { systemClock } from '../../src/time/clock.ts';
import type { TestContext } from './test-app.ts';

/** The portal's root certificate, as a validator of the portal's signatures would trust it. */
export async function trustAnchorsOf(context: TestContext): Promise<Buffer[]> {
  const trust = await loadPortalTrust(context.database.handle.db, context.config, systemClock);
  return [trust.pki.root.certificate];
}
