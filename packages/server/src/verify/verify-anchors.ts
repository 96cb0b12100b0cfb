import { X509Certificate } from 'node:crypto';

/** What chains are judged against, and which anchor is whose. */
export interface VerifyAnchors {
  /** Every anchor (PEM): the portal's root and the trust list's certificates. */
  certificates: string[];
  /** SHA-256 fingerprints of the portal's own root. */
  portal: ReadonlySet<string>;
  /** SHA-256 fingerprints of TRUSTED_ROOTS_DIR's certificates. */
  trustList: ReadonlySet<string>;
}

const fingerprintOf = (certificate: string | Buffer) =>
  new X509Certificate(certificate).fingerprint256;

/** The portal's root (DER) and a trust list's certificates (PEM) as verification's anchors. */
export function verifyAnchorsOf(portalRoot: Buffer, trustList: readonly string[]): VerifyAnchors {
  const portalPem = new X509Certificate(portalRoot).toString();
  return {
    certificates: [portalPem, ...trustList],
    portal: new Set([fingerprintOf(portalRoot)]),
    trustList: new Set(trustList.map(fingerprintOf)),
  };
}

/** Which anchor a certificate path (PEM, signer first) reaches: the portal's, the trust list's, or none. */
export function anchorReached(
  path: readonly string[],
  anchors: VerifyAnchors,
): 'portal' | 'trustList' | null {
  for (const certificate of path) {
    let fingerprint: string;
    try {
      fingerprint = fingerprintOf(certificate);
    } catch {
      return null;
    }
    if (anchors.portal.has(fingerprint)) return 'portal';
    if (anchors.trustList.has(fingerprint)) return 'trustList';
  }
  return null;
}
