import { readFile } from 'node:fs/promises';
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
  /** The current CRL of the issuing CA or of the root (DER). */
  crl(which: 'issuing' | 'root'): Promise<Buffer>;
}

const crlLifetimeMs = 60 * 60 * 1000;

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
  const cache = new Map<'issuing' | 'root', { der: Buffer; until: number }>();
  const tsaUrl = config.tsaUrl;
  return {
    pki,
    seal,
    timestamp: (digest) =>
      tsaUrl ? requestTimestamp(tsaUrl, digest) : requestLocalTimestamp(responder, digest),
    respondToTimestampRequest: (request) => responder.respond(request),
    async crl(which) {
      const cached = cache.get(which);
      if (cached && cached.until > clock.now().getTime()) return cached.der;
      // Nothing is revoked yet: one-time certificates live for minutes and are not reused.
      const der =
        which === 'issuing'
          ? await createCrl(pki, { revoked: [] })
          : await createRootCrl(pki, { revoked: [] });
      cache.set(which, { der, until: clock.now().getTime() + crlLifetimeMs });
      return der;
    },
  };
}
