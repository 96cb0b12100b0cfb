import type { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { toArrayBuffer } from '../timestamp/asn1.ts';
import { verifyTimestampToken, type TimestampTokenReport } from '../timestamp/verify-token.ts';
import { certificateOf, judgeChain, readCertificates, type ChainVerdict } from './chain.ts';

/** A time-stamp token checked: what it vouches for and whether that holds. */
export interface TimestampCheck {
  /** genTime, when the token could be read. */
  time: string | null;
  tsaSubject: string | null;
  /** The imprint equals the hash of what the token should cover. */
  imprintMatches: boolean;
  /** The token's CMS signature, message digest and ESS signing-certificate hold. */
  signatureValid: boolean;
  /** The TSA's chain reaches a trust anchor at genTime; null without anchors. */
  chainTrusted: boolean | null;
  /** All of the above, and the signer is a time-stamping authority. */
  valid: boolean;
  problems: string[];
}

export interface CheckedTimestamp {
  report: TimestampCheck;
  /** Imprint and signature hold and a TSA made it, whatever its chain. */
  intact: boolean;
  genTime: Date | null;
  chain: ChainVerdict | null;
  /** The certificates the token carries. */
  certificates: X509Certificate[];
}

/** The first DER element of `bytes` (a /Contents holds the token and then zero padding). */
export function firstElement(bytes: Buffer): Buffer {
  const parsed = asn1js.fromBER(toArrayBuffer(bytes));
  return parsed.offset > 0 ? bytes.subarray(0, parsed.offset) : bytes;
}

const unreadable = (reason: string): CheckedTimestamp => ({
  report: {
    time: null,
    tsaSubject: null,
    imprintMatches: false,
    signatureValid: false,
    chainTrusted: null,
    valid: false,
    problems: [`unreadable time-stamp token: ${reason}`],
  },
  intact: false,
  genTime: null,
  chain: null,
  certificates: [],
});

/**
 * Checks an RFC 3161 token: its imprint against `digestOf` (what it covers, hashed with the
 * token's own algorithm), its CMS signature, that a time-stamping authority made it, and
 * (given anchors) the TSA's chain at genTime. Never throws for a damaged token.
 */
export async function checkTimestamp(
  token: Buffer,
  digestOf: (nodeHash: string) => Promise<Buffer>,
  context: { pool: X509Certificate[]; anchors: X509Certificate[] | null },
): Promise<CheckedTimestamp> {
  let stated: TimestampTokenReport;
  try {
    const certificates = context.pool.map((certificate) => certificate.raw);
    stated = await verifyTimestampToken(firstElement(token), { certificates });
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  const { hash } = stated.imprint;
  const imprintMatches = hash
    ? (await digestOf(hash.nodeName)).equals(stated.imprint.digest)
    : false;
  const signer = certificateOf(stated.signerCertificate);
  const carried = readCertificates(stated.certificates);
  const pool = [...carried, ...context.pool];
  const chain = signer ? judgeChain(signer, pool, context.anchors, stated.genTime) : null;
  const problems = [
    ...(hash ? [] : [`unsupported imprint hash ${stated.imprint.hashAlgorithm}`]),
    ...(hash && !imprintMatches ? ['the time stamp is over other data (its imprint differs)'] : []),
    ...(stated.signatureValid ? [] : ["the time stamp's signature does not verify"]),
    ...(stated.signerIsTimestampAuthority
      ? []
      : ['the time stamp was not made by a TSA certificate']),
    ...(signer ? [] : ["the time-stamp authority's certificate cannot be read"]),
    ...(chain?.problem ? [`time-stamp authority: ${chain.problem}`] : []),
  ];
  return {
    report: {
      time: stated.genTime.toISOString(),
      tsaSubject: signer?.subject.replaceAll('\n', ', ') ?? null,
      imprintMatches,
      signatureValid: stated.signatureValid,
      chainTrusted: chain?.trusted ?? (context.anchors ? false : null),
      valid: problems.length === 0,
      problems,
    },
    intact:
      imprintMatches && stated.signatureValid && stated.signerIsTimestampAuthority && !!signer,
    genTime: stated.genTime,
    chain,
    certificates: carried,
  };
}
