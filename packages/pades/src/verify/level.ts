import type { ChainVerdict } from './chain.ts';
import { checkRevocation } from './revocation.ts';
import type { ParsedRevocationData } from './revocation-data.ts';

/** Validation data as a level needs it: which certificates it holds, and its revocation data. */
export interface LevelValidationData {
  present: boolean;
  /** SHA-256 fingerprints (as node:crypto prints them) of the certificates held. */
  certificates: Set<string>;
  revocation: ParsedRevocationData;
}

/** A chain that needs validation data, and the time it was used at (a signature's, a genTime). */
export interface ChainUse {
  chain: ChainVerdict | null;
  at: Date;
}

/** What a CMS signature or a time-stamp token carries itself, which counts as validation data. */
export interface CarriedData {
  certificates: string[];
  revocation: ParsedRevocationData;
}

/** What deciding a signature's level needs to know of it (a checked signature has it). */
export interface LevelCandidate {
  meetsBaseline: boolean;
  /** It carries a valid signature time stamp. */
  stamped: boolean;
  /** Where its signed bytes end. */
  range: { end: number };
  /** The signer's chain at the validation time, then each signature time stamp's TSA chain at its genTime. */
  uses: ChainUse[];
  carried: CarriedData;
}

/** An intact document time stamp: its place, its TSA's chain, and the DSS of its revision. */
export interface LevelTimestamp {
  /** Its TSA's chain is not untrusted: it can lift a signature to B-T and B-LTA. */
  trusted: boolean;
  gapStart: number;
  use: ChainUse;
  carried: CarriedData;
  dss: () => Promise<LevelValidationData>;
}

/**
 * Every certificate of every chain that needs a revocation check is held (in the DSS or
 * carried by the signature or a token), and the data gives each a status at its chain's time.
 */
function holdsValidationData(
  uses: ChainUse[],
  data: LevelValidationData,
  carried: CarriedData[],
): boolean {
  if (!data.present) return false;
  const held = new Set([...data.certificates, ...carried.flatMap((item) => item.certificates)]);
  const revocation: ParsedRevocationData = {
    crls: [...data.revocation.crls, ...carried.flatMap((item) => item.revocation.crls)],
    ocsps: [...data.revocation.ocsps, ...carried.flatMap((item) => item.revocation.ocsps)],
  };
  return uses.every(({ chain, at }) => {
    const needs = chain?.needsRevocation ?? [];
    if (!needs.every(({ certificate }) => held.has(certificate.fingerprint256))) return false;
    const { certificates } = checkRevocation(needs, revocation, at);
    return certificates.every((item) => item.status !== 'unknown');
  });
}

/**
 * The PAdES baseline level a signature reaches, judged as EU DSS (the reference validator)
 * judges it (ETSI EN 319 142-1 §6.3):
 * - B-B: the signature is valid with the CAdES attributes (signing-certificate-v2, no signing-time);
 * - B-T: a valid signature time stamp, or a valid, trusted document time stamp after the signature;
 * - B-LT: a /DSS, and validation data (certificates and revocation data, in the current /DSS or
 *   carried by the CMS and the tokens) for the signer's chain and for the chain of every time
 *   stamp of the signature — its signature time stamp and every intact document time stamp
 *   after it, trusted or not — except the last document time stamp, which nothing yet protects;
 * - B-LTA: B-LT, and a trusted document time stamp after the signature whose revision's /DSS
 *   already held that data for the signer and for every time stamp before it.
 */
export async function levelOf(
  candidate: LevelCandidate,
  timestamps: LevelTimestamp[],
  current: LevelValidationData,
): Promise<'none' | 'B-B' | 'B-T' | 'B-LT' | 'B-LTA'> {
  if (!candidate.meetsBaseline) return 'none';
  // Every intact time stamp after the signature needs validation data (but the last);
  // only a trusted one lifts the signature.
  const later = timestamps.filter((stamp) => candidate.range.end <= stamp.gapStart);
  if (!candidate.stamped && !later.some((stamp) => stamp.trusted)) return 'B-B';
  // The uses and carried data of the signature and of the first `count` later time stamps.
  const before = (count: number) => ({
    uses: [...candidate.uses, ...later.slice(0, count).map((stamp) => stamp.use)],
    carried: [candidate.carried, ...later.slice(0, count).map((stamp) => stamp.carried)],
  });
  const allButLast = before(Math.max(later.length - 1, 0));
  if (!holdsValidationData(allButLast.uses, current, allButLast.carried)) return 'B-T';
  for (const [index, stamp] of later.entries()) {
    if (!stamp.trusted) continue;
    const { uses, carried } = before(index);
    if (holdsValidationData(uses, await stamp.dss(), carried)) return 'B-LTA';
  }
  return 'B-LT';
}
