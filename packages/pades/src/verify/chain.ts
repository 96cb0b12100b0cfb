import { X509Certificate } from 'node:crypto';

/**
 * True when the certificate chains, through the given intermediates, to one of the
 * anchors: each link's signature verifies with its issuer's key and dates are valid now.
 */
export function chainToAnchors(
  leaf: X509Certificate,
  intermediates: Buffer[],
  anchors: Array<Buffer | string>,
): boolean {
  const anchorCerts = anchors.map((anchor) => new X509Certificate(anchor));
  const pool = intermediates.map((der) => new X509Certificate(der));
  // An anchor may be the signer's own certificate (trusted directly).
  if (anchorCerts.some((anchor) => anchor.fingerprint256 === leaf.fingerprint256)) return true;
  let current = leaf;
  for (let depth = 0; depth < 10; depth += 1) {
    const now = Date.now();
    if (Date.parse(current.validFrom) > now || Date.parse(current.validTo) < now) return false;
    const anchor = anchorCerts.find(
      (candidate) => current.checkIssued(candidate) && current.verify(candidate.publicKey),
    );
    if (anchor) return true;
    const issuer = pool.find(
      (candidate) =>
        candidate.fingerprint256 !== current.fingerprint256 &&
        current.checkIssued(candidate) &&
        current.verify(candidate.publicKey),
    );
    if (!issuer) return false;
    current = issuer;
  }
  return false;
}
