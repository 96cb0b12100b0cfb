import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createCrl,
  createRootCrl,
  createTimestampResponder,
  loadOrCreatePortalPki,
  loadPkcs12,
  requestLocalTimestamp,
  requestTimestamp,
  type KeyCredential,
  type PortalPki,
} from '@esign/pades';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import { createDatabasePkiStore } from './database-pki-store.ts';

export const crlPaths = { issuing: '/api/pki/issuing.crl', root: '/api/pki/root.crl' } as const;

/** The portal's certificates and time stamps: its own PKI, an operator's seal, an external TSA. */
export interface PortalTrust {
  pki: PortalPki;
  /** The e-seal that seals documents in the organisation's name. */
  seal: KeyCredential;
  /** Time stamps for a SHA-256 digest: from TSA_URL, or from the portal's own TSA. */
  timestamp(digest: Buffer): Promise<Buffer>;
  /** Answers an RFC 3161 request (the portal's own TSA endpoint). */
  respondToTimestampRequest(request: Buffer): Promise<Buffer>;
  /**
   * The current CRL of the issuing CA or of the root (DER); given `issuedAfter`, one whose
   * thisUpdate falls in a later whole second (CRLs state whole seconds), made anew if need be.
   */
  crl(which: 'issuing' | 'root', issuedAfter?: Date): Promise<Buffer>;
}

const crlLifetimeMs = 60 * 60 * 1000;
const wholeSecond = (time: Date) => Math.floor(time.getTime() / 1000) * 1000;

/** Loads (or on the first start creates) the portal PKI and what is built on it. */
export async function loadPortalTrust(
  db: Kysely<Database>,
  config: AppConfig,
  clock: Clock,
): Promise<PortalTrust> {
  const pki = await loadOrCreatePortalPki(createDatabasePkiStore(db, clock), {
    passphrase: config.pkiPassphrase,
    organisation: config.organizationName || 'eSign portal',
    country: 'FI',
    crlUrl: new URL(crlPaths.issuing.slice(1), config.publicUrl).href,
    rootCrlUrl: new URL(crlPaths.root.slice(1), config.publicUrl).href,
  });
  const seal = config.sealP12
    ? await loadPkcs12(await readFile(config.sealP12.path), config.sealP12.password)
    : pki.seal;
  const responder = createTimestampResponder({
    ...pki.timeStamping,
    policyOid: config.tsaPolicyOid,
  });
  const cache = new Map<'issuing' | 'root', { der: Buffer; issued: number; until: number }>();
  const tsaUrl = config.tsaUrl;
  return {
    pki,
    seal,
    timestamp: (digest) =>
      tsaUrl ? requestTimestamp(tsaUrl, digest) : requestLocalTimestamp(responder, digest),
    respondToTimestampRequest: (request) => responder.respond(request),
    async crl(which, issuedAfter) {
      const cached = cache.get(which);
      const after = issuedAfter ? wholeSecond(issuedAfter) : -Infinity;
      if (cached && cached.until > clock.now().getTime() && cached.issued > after)
        return cached.der;
      // CRLs are signed with the real time, whatever the clock says (as time stamps are).
      const wait = after + 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      const issued = wholeSecond(new Date());
      // Nothing is revoked yet: one-time certificates live for minutes and are not reused.
      const der =
        which === 'issuing'
          ? await createCrl(pki, { revoked: [] })
          : await createRootCrl(pki, { revoked: [] });
      cache.set(which, { der, issued, until: clock.now().getTime() + crlLifetimeMs });
      return der;
    },
  };
}
