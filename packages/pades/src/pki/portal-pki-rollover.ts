import { X509Certificate } from 'node:crypto';
import { addYears } from './certificate-builder.ts';
import type { PkiCredential } from './credential.ts';
import { PkiError } from './errors.ts';
import {
  isRecord,
  openStoredCredential,
  storeCredential,
  storedEntry,
  type PortalCredentials,
  type PortalRole,
} from './portal-pki-bundle.ts';
import {
  issuePortalCertificate,
  portalName,
  portalProfiles,
  type IssuedKeyPair,
} from './portal-pki-profiles.ts';
import { loadOrCreatePortalPki, type PortalPki, type PortalPkiOptions } from './portal-pki.ts';
import type { PkiStore } from './pki-store.ts';
import { x509 } from './x509.ts';

// The portal's CAs, seal and TSA are renewed before they run out ("rollover"): each renewal is
// one more generation, a write-once store entry holding only what it renewed, so every node
// (and a racing one) ends with the same credentials, and every earlier certificate is kept for
// the signatures made with it. The root is never renewed here (docs/decisions.md).

const dayMs = 86_400_000;
/** The seal is renewed when less than this is left of its life. */
export const sealRenewBeforeMs = 90 * dayMs;
/** The issuing CA is renewed when less than this many years are left of its life. */
export const issuingRenewBeforeYears = 6;

/** One generation of the portal PKI: the first as created, then one more per rollover. */
export interface PortalPkiGeneration {
  /** 1 for the PKI as first created, then one more for each rollover. */
  generation: number;
  /** The generation that created this one's issuing CA (its CRL has a URL of its own). */
  issuingGeneration: number;
  /** The credentials this generation issued anew (all four for the first). */
  renewed: PortalRole[];
  /** Its credentials (renewed and carried over) with the CRL URL of its issuing CA. */
  pki: PortalPki;
}

export interface PortalPkiRolloverOptions extends PortalPkiOptions {
  /** Where the CRL of the issuing CA created by a later generation (2, 3...) is published. */
  crlUrlOf?: (issuingGeneration: number) => string;
}

export interface RolloverTiming {
  /** The time the decision is made at (the portal's clock). */
  now: Date;
  /** ARCHIVE_RENEW_BEFORE_DAYS: a TSA certificate must outlive it (and 30 days more) to renew archive time stamps. */
  archiveRenewBeforeDays: number;
}

/** What a rollover renews; when the issuing CA is, the seal and TSA are re-issued under it. */
export type RolloverPlan = Record<'issuing' | 'seal' | 'timeStamping', boolean>;

/** The store entry of a later generation (2, 3...). */
export const portalPkiGenerationEntry = (generation: number) =>
  `portal-pki-generation-${generation}.json`;

const notAfterOf = (credential: PkiCredential) =>
  new Date(new X509Certificate(credential.certificate).validTo);
const earlier = (a: Date, b: Date) => (a < b ? a : b);

/** How long before its end the TSA certificate is renewed: a year, or the archive lead and 30 days. */
export function timeStampingRenewBeforeMs(archiveRenewBeforeDays: number): number {
  return Math.max(365 * dayMs, (archiveRenewBeforeDays + 30) * dayMs);
}

/**
 * What must be renewed at `now`: the TSA certificate with less than timeStampingRenewBeforeMs
 * left, the seal with less than 90 days, the issuing CA with less than 6 years (and then the
 * seal and TSA too). A renewal that would not outlive the certificate it replaces (its CA
 * ends first) is not made, so a CA near its end does not renew the same thing every day.
 */
export function rolloverDue(pki: PortalCredentials, timing: RolloverTiming): RolloverPlan {
  const { now } = timing;
  const rootEnd = notAfterOf(pki.root);
  const issuingEnd = notAfterOf(pki.issuing);
  const renewedIssuingEnd = earlier(addYears(now, portalProfiles.issuing.years), rootEnd);
  const issuing =
    addYears(now, issuingRenewBeforeYears) > issuingEnd && renewedIssuingEnd > issuingEnd;
  const caEnd = issuing ? renewedIssuingEnd : issuingEnd;
  const leafDue = (credential: PkiCredential, years: number, beforeMs: number) => {
    const end = notAfterOf(credential);
    return end.getTime() - now.getTime() < beforeMs && earlier(addYears(now, years), caEnd) > end;
  };
  return {
    issuing,
    seal: issuing || leafDue(pki.seal, portalProfiles.seal.years, sealRenewBeforeMs),
    timeStamping:
      issuing ||
      leafDue(
        pki.timeStamping,
        portalProfiles.timeStamping.years,
        timeStampingRenewBeforeMs(timing.archiveRenewBeforeDays),
      ),
  };
}

const issuingCrlUrl = (options: PortalPkiRolloverOptions, issuingGeneration: number) =>
  issuingGeneration === 1 ? options.crlUrl : options.crlUrlOf?.(issuingGeneration);

/**
 * Issues what `plan` renews after generation `previous`, with new keys: an issuing CA for
 * 10 years (not beyond the root), a seal for 3 and a TSA certificate for 5 years (not beyond
 * their CA). Valid from a minute before `now`, or before the real time when that is earlier
 * (signatures and time stamps are made at the real time).
 */
export async function issueRollover(
  previous: PortalPkiGeneration,
  plan: RolloverPlan,
  options: PortalPkiRolloverOptions,
  now: Date,
): Promise<Partial<Record<'issuing' | 'seal' | 'timeStamping', IssuedKeyPair>>> {
  const generation = previous.generation + 1;
  const notBefore = new Date(Math.min(now.getTime(), Date.now()) - 60_000);
  const asIssuer = (credential: PkiCredential): IssuedKeyPair => ({
    certificate: new x509.X509Certificate(credential.certificate),
    privateKey: credential.privateKey,
  });
  const root = asIssuer(previous.pki.root);
  const rootEnd = notAfterOf(previous.pki.root);
  const issued: Partial<Record<'issuing' | 'seal' | 'timeStamping', IssuedKeyPair>> = {};
  if (plan.issuing) {
    issued.issuing = await issuePortalCertificate({
      subject: portalName(options, ` Issuing CA ${generation}`),
      issuer: root,
      notBefore,
      notAfter: earlier(addYears(now, portalProfiles.issuing.years), rootEnd),
      extensions: portalProfiles.issuing.extensions(),
      crlUrl: options.rootCrlUrl,
      keyAlgorithm: options.keyAlgorithm,
    });
  }
  const issuing = issued.issuing ?? asIssuer(previous.pki.issuing);
  const issuingEnd = issuing.certificate.notAfter;
  const crlUrl = issuingCrlUrl(options, issued.issuing ? generation : previous.issuingGeneration);
  const leaf = (role: 'seal' | 'timeStamping', suffix: string) =>
    issuePortalCertificate({
      subject: portalName(options, suffix),
      issuer: issuing,
      notBefore,
      notAfter: earlier(addYears(now, portalProfiles[role].years), issuingEnd),
      extensions: portalProfiles[role].extensions(),
      crlUrl,
      keyAlgorithm: options.keyAlgorithm,
    });
  if (plan.seal || plan.issuing) issued.seal = await leaf('seal', ' e-seal');
  if (plan.timeStamping || plan.issuing)
    issued.timeStamping = await leaf('timeStamping', ' Time Stamping Authority');
  return issued;
}

/** Every generation of the portal PKI, oldest first, creating the first on first use. */
export async function loadPortalPkiGenerations(
  store: PkiStore,
  options: PortalPkiRolloverOptions,
): Promise<PortalPkiGeneration[]> {
  const first = await loadOrCreatePortalPki(store, options);
  const generations: PortalPkiGeneration[] = [
    {
      generation: 1,
      issuingGeneration: 1,
      renewed: ['root', 'issuing', 'seal', 'timeStamping'],
      pki: first,
    },
  ];
  for (;;) {
    const previous = generations[generations.length - 1] as PortalPkiGeneration;
    const content = await store.read(portalPkiGenerationEntry(previous.generation + 1));
    if (content === null) return generations;
    generations.push(openGeneration(content, previous, options));
  }
}

/**
 * Renews what is due at `timing.now` (rolloverDue) as the next generation, written once to
 * the store: when another node wrote that generation first, theirs is read and kept. Answers
 * every generation, oldest first, the last being the current one.
 */
export async function rollOverPortalPki(
  store: PkiStore,
  options: PortalPkiRolloverOptions,
  timing: RolloverTiming,
): Promise<PortalPkiGeneration[]> {
  const generations = await loadPortalPkiGenerations(store, options);
  const current = generations[generations.length - 1] as PortalPkiGeneration;
  const plan = rolloverDue(current.pki, timing);
  if (!plan.issuing && !plan.seal && !plan.timeStamping) return generations;
  const issued = await issueRollover(current, plan, options, timing.now);
  const generation = current.generation + 1;
  const stored = Object.fromEntries(
    Object.entries(issued).map(([role, pair]) => [role, storeCredential(pair, options.passphrase)]),
  );
  const content = `${JSON.stringify(
    {
      format: 'esign-portal-pki-generation',
      version: 1,
      generation,
      replaces: current.generation,
      issuedAt: timing.now.toISOString(),
      ...stored,
    },
    null,
    2,
  )}\n`;
  try {
    await store.write(portalPkiGenerationEntry(generation), content);
  } catch (error) {
    // Another node rolled over first: its generation is the one, read below.
    if (!(error instanceof PkiError && error.code === 'store-conflict')) throw error;
  }
  return loadPortalPkiGenerations(store, options);
}

function openGeneration(
  content: string,
  previous: PortalPkiGeneration,
  options: PortalPkiRolloverOptions,
): PortalPkiGeneration {
  const generation = previous.generation + 1;
  const name = portalPkiGenerationEntry(generation);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new PkiError('corrupt-store', `${name} is not valid JSON`, { cause: error });
  }
  if (
    !isRecord(parsed) ||
    parsed.format !== 'esign-portal-pki-generation' ||
    parsed.version !== 1 ||
    parsed.generation !== generation ||
    parsed.replaces !== previous.generation
  ) {
    throw new PkiError('corrupt-store', `${name} has an unknown format`);
  }
  const record = parsed;
  const open = (role: 'issuing' | 'seal' | 'timeStamping', issuer: PkiCredential) => {
    const credential = openStoredCredential(
      storedEntry(record, role),
      role,
      options.passphrase,
      issuer,
    );
    if (
      !new X509Certificate(credential.certificate).verify(
        new X509Certificate(issuer.certificate).publicKey,
      )
    ) {
      throw new PkiError('corrupt-store', `The ${role} certificate of ${name} is not its CA's`);
    }
    return credential;
  };
  const has = (role: string) => role in record;
  const issuing = has('issuing') ? open('issuing', previous.pki.root) : previous.pki.issuing;
  if (has('issuing') && !(has('seal') && has('timeStamping'))) {
    throw new PkiError('corrupt-store', `${name} renews the issuing CA without its seal and TSA`);
  }
  const seal = has('seal') ? open('seal', issuing) : previous.pki.seal;
  const timeStamping = has('timeStamping')
    ? open('timeStamping', issuing)
    : previous.pki.timeStamping;
  const renewed = (['issuing', 'seal', 'timeStamping'] as const).filter(has);
  if (renewed.length === 0) throw new PkiError('corrupt-store', `${name} renews nothing`);
  const issuingGeneration = has('issuing') ? generation : previous.issuingGeneration;
  const crlUrl = issuingCrlUrl(options, issuingGeneration);
  return {
    generation,
    issuingGeneration,
    renewed,
    pki: {
      root: previous.pki.root,
      issuing,
      seal,
      timeStamping,
      ...(crlUrl ? { crlUrl } : {}),
    },
  };
}
