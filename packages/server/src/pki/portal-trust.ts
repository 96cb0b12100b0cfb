import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createCrl,
  createRootCrl,
  createTimestampResponder,
  loadPkcs12,
  loadPortalPkiGenerations,
  rollOverPortalPki,
  requestLocalTimestamp,
  requestTimestamp,
  type KeyCredential,
  type PkiCredential,
  type PortalPki,
  type PortalPkiGeneration,
} from '@esign/pades';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import { createDatabasePkiStore } from './database-pki-store.ts';

export const crlPaths = { issuing: '/api/pki/issuing.crl', root: '/api/pki/root.crl' } as const;

/** Where the CRL of a generation's issuing CA is published: the first's at crlPaths.issuing. */
export const issuingCrlPath = (issuingGeneration: number) =>
  issuingGeneration === 1 ? crlPaths.issuing : `/api/pki/issuing-${issuingGeneration}.crl`;

/** The portal's certificates and time stamps: its own PKI, an operator's seal, an external TSA. */
export interface PortalTrust {
  /** The current generation of the portal PKI, read at each use (a rollover replaces it). */
  readonly pki: PortalPki;
  /** The e-seal that seals documents in the organisation's name (current at each use). */
  readonly seal: KeyCredential;
  /** Every generation of the portal PKI, oldest first: the earlier ones for earlier signatures. */
  readonly generations: readonly PortalPkiGeneration[];
  /** Time stamps for a SHA-256 digest: from TSA_URL, or from the portal's own TSA. */
  timestamp(digest: Buffer): Promise<Buffer>;
  /** Answers an RFC 3161 request (the portal's own TSA endpoint). */
  respondToTimestampRequest(request: Buffer): Promise<Buffer>;
  /**
   * The current CRL of an issuing CA (the current one, or the one created by generation
   * `issuingGeneration`) or of the root (DER); given `issuedAfter`, one whose thisUpdate falls
   * in a later whole second (CRLs state whole seconds), made anew if need be. Throws for an
   * issuing generation there is none of.
   */
  crl(which: 'issuing' | 'root', issuedAfter?: Date, issuingGeneration?: number): Promise<Buffer>;
  /** The generations that created an issuing CA, oldest first: each has a CRL of its own. */
  issuingGenerations(): number[];
  /** Reads the generations other nodes wrote since (on start, then daily and hourly). */
  reload(): Promise<void>;
  /** Renews what is due at the clock's time as a new generation (rolloverDue); answers it, or null. */
  rollOver(): Promise<PortalPkiGeneration | null>;
}

const crlLifetimeMs = 60 * 60 * 1000;
const wholeSecond = (time: Date) => Math.floor(time.getTime() / 1000) * 1000;

/** Loads (or on the first start creates) the portal PKI, every generation of it, and what is built on it. */
export async function loadPortalTrust(
  db: Kysely<Database>,
  config: AppConfig,
  clock: Clock,
): Promise<PortalTrust> {
  const store = createDatabasePkiStore(db, clock);
  const publicUrl = (path: string) => new URL(path.slice(1), config.publicUrl).href;
  const options = {
    passphrase: config.pkiPassphrase,
    organisation: config.organizationName || 'eSign portal',
    country: 'FI',
    crlUrl: publicUrl(crlPaths.issuing),
    rootCrlUrl: publicUrl(crlPaths.root),
    crlUrlOf: (issuingGeneration: number) => publicUrl(issuingCrlPath(issuingGeneration)),
  };
  const operatorSeal = config.sealP12
    ? await loadPkcs12(await readFile(config.sealP12.path), config.sealP12.password)
    : null;
  let generations = await loadPortalPkiGenerations(store, options);
  const current = () => generations[generations.length - 1] as PortalPkiGeneration;
  // The responder signs with the current TSA credential; rebuilt when a rollover renews it.
  const responderFor = (credential: PkiCredential) => ({
    certificate: credential.certificate,
    responder: createTimestampResponder({ ...credential, policyOid: config.tsaPolicyOid }),
  });
  let tsa = responderFor(current().pki.timeStamping);
  const use = (loaded: PortalPkiGeneration[]) => {
    // Never go back: a read that raced a newer rollover keeps the newer.
    if (loaded.length < generations.length) return;
    generations = loaded;
    const timeStamping = current().pki.timeStamping;
    if (!timeStamping.certificate.equals(tsa.certificate)) tsa = responderFor(timeStamping);
  };
  const issuingOf = (issuingGeneration: number) =>
    generations.find((generation) => generation.generation === issuingGeneration)?.pki;
  const cache = new Map<string, { der: Buffer; issued: number; until: number }>();
  const tsaUrl = config.tsaUrl;
  return {
    get pki() {
      return current().pki;
    },
    get seal() {
      return operatorSeal ?? current().pki.seal;
    },
    get generations() {
      return generations;
    },
    timestamp: (digest) =>
      tsaUrl ? requestTimestamp(tsaUrl, digest) : requestLocalTimestamp(tsa.responder, digest),
    respondToTimestampRequest: (request) => tsa.responder.respond(request),
    issuingGenerations: () => [
      ...new Set(generations.map((generation) => generation.issuingGeneration)),
    ],
    async reload() {
      use(await loadPortalPkiGenerations(store, options));
    },
    async rollOver() {
      const before = current().generation;
      use(
        await rollOverPortalPki(store, options, {
          now: clock.now(),
          archiveRenewBeforeDays: config.archiveRenewBeforeDays,
        }),
      );
      return current().generation > before ? current() : null;
    },
    async crl(which, issuedAfter, issuingGeneration) {
      const generation = issuingGeneration ?? current().issuingGeneration;
      const authority = which === 'root' ? current().pki : issuingOf(generation);
      if (!authority)
        throw new Error(`The portal PKI has no issuing CA of generation ${generation}`);
      const key = which === 'root' ? 'root' : `issuing-${generation}`;
      const cached = cache.get(key);
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
          ? await createCrl(authority, { revoked: [] })
          : await createRootCrl(authority, { revoked: [] });
      cache.set(key, { der, issued, until: clock.now().getTime() + crlLifetimeMs });
      return der;
    },
  };
}
