import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the browser tests' processes listen: the portal, the SMTP sink (SMTP and its JSON
 * mailbox) and the CSC test trust service. Each port can be moved with an environment
 * variable, so that two runs on one machine need not collide.
 */
const portFrom = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const portal = portFrom('E2E_PORT', 3210);

export const e2ePorts = {
  portal,
  smtp: portFrom('E2E_SMTP_PORT', 3225),
  mailbox: portFrom('E2E_MAILBOX_PORT', 3226),
  csc: portFrom('E2E_CSC_PORT', 3227),
  /** A second portal without SMTP, whose mail goes to its dev mailbox (dev-mail-portal.ts). */
  devMailPortal: portFrom('E2E_DEVMAIL_PORT', portal + 1),
};

/** The copy of the built web app the portals serve during a run (see playwright.config.ts). */
export const e2eWebDistDir = join(tmpdir(), `esign-e2e-${e2ePorts.portal}-web`);
/** The portal's DATA_DIR for the run (its SQLite database is `esign.db` there). */
export const e2eDataDir = join(tmpdir(), `esign-e2e-${e2ePorts.portal}`);

export const portalUrl = `http://127.0.0.1:${e2ePorts.portal}`;
export const mailboxUrl = `http://127.0.0.1:${e2ePorts.mailbox}`;

/** The CSC test service as the portal knows it; the CLI is started with these values. */
export const cscService = {
  baseUrl: `http://127.0.0.1:${e2ePorts.csc}/csc/v2`,
  oauthUrl: `http://127.0.0.1:${e2ePorts.csc}/csc/v2/oauth2`,
  clientId: 'esign-e2e',
  clientSecret: 'esign-e2e-csc-secret',
  /** The one person holding a qualified credential there (found by e-mail), and her name in it. */
  signerEmail: 'maija.meikalainen@example.com',
  signerName: 'Maija Meikäläinen',
};
