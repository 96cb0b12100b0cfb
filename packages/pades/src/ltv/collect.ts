import { X509Certificate } from 'node:crypto';
import type { ValidationData } from '../pdf/dss-update.ts';
import { findIssuer, selfSigned } from './certificate-links.ts';
import { ValidationDataError } from './errors.ts';
import type { FetchPolicy } from './fetch-resource.ts';
import { findRevocation, revocationCache, subjectOf } from './revocation-lookup.ts';

/** A certificate that signed something (a signature, a time stamp), and when. */
export interface CertificateUse {
  certificate: X509Certificate;
  at: Date;
  /** Certificates that came with it (a CMS's, a token's), to find its issuers among. */
  pool: X509Certificate[];
}

export interface CollectOptions extends FetchPolicy {
  /** Certificates, CRLs and OCSP responses already at hand: used before anything is fetched. */
  known?: ValidationData;
  /**
   * For each certificate that signed (a signer's, a TSA's), only revocation data issued at or
   * after it signed (its latest use, in whole seconds) will do, so that it says the
   * certificate was still good then; its CAs' data need only be current then (CAs publish
   * theirs seldom, and their revocation is rare).
   */
  issuedAfterUse?: boolean;
}

/** Validation data, every list present. */
export type CollectedValidationData = Required<ValidationData>;

const maxPathLength = 10;

/** Each certificate of every use's chain up to a self-signed root, with its issuer and latest use. */
async function chainsOf(uses: CertificateUse[], options: CollectOptions) {
  const pool = [
    ...(options.known?.certificates ?? []).flatMap((der) => {
      try {
        return [new X509Certificate(der)];
      } catch {
        return [];
      }
    }),
    ...uses.flatMap((use) => use.pool),
  ];
  const chains = new Map<
    string,
    { certificate: X509Certificate; issuer: X509Certificate | null; at: Date; signed: boolean }
  >();
  for (const use of uses) {
    let current: X509Certificate | null = use.certificate;
    for (let depth = 0; current && depth < maxPathLength; depth++) {
      const seen = chains.get(current.fingerprint256);
      if (seen && seen.at >= use.at) break;
      const root = selfSigned(current);
      const failures: string[] = [];
      const issuer: X509Certificate | null = root
        ? null
        : (seen?.issuer ?? (await findIssuer(current, pool, options, failures)));
      if (!root && !issuer)
        throw new ValidationDataError(
          'no-issuer',
          `the issuer of ${subjectOf(current)} cannot be found${failures.length ? `: ${failures.join('; ')}` : ': it names no CA issuers URL that may be fetched'}`,
        );
      const signed = current === use.certificate || seen?.signed === true;
      chains.set(current.fingerprint256, { certificate: current, issuer, at: use.at, signed });
      if (issuer && !pool.includes(issuer)) pool.push(issuer);
      current = issuer;
    }
  }
  return [...chains.values()];
}

/**
 * Collects what PAdES B-LT needs for each use (EN 319 142-1 §5.4): every certificate of its
 * chain up to a root (issuers found among the certificates at hand, else at the CA issuers
 * URL a certificate names) and, for each but the root, an OCSP response (preferred: fetched
 * from the responder the certificate names) or a CRL, each current at the use (with
 * `issuedAfterUse`, issued after it for the certificate that signed). Fetches only as the policy allows. Throws a
 * `ValidationDataError` when an issuer or revocation data cannot be had, or a certificate was
 * revoked when it was used (naming the CRL or responder that says so).
 */
export async function collectValidationData(
  uses: CertificateUse[],
  options: CollectOptions = {},
): Promise<CollectedValidationData> {
  const chains = await chainsOf(uses, options);
  const cache = revocationCache(options.known ?? { crls: [] });
  const crls = new Map<string, Buffer>();
  const ocsps = new Map<string, Buffer>();
  for (const { certificate, issuer, at, signed } of chains) {
    if (!issuer) continue;
    const found = await findRevocation(certificate, issuer, at, {
      ...options,
      issuedAfter: options.issuedAfterUse && signed ? at : undefined,
      cache,
    });
    (found.kind === 'crl' ? crls : ocsps).set(found.der.toString('base64'), found.der);
  }
  return {
    certificates: chains.map((item) => Buffer.from(item.certificate.raw)),
    crls: [...crls.values()],
    ocsps: [...ocsps.values()],
  };
}
