import type { X509Certificate } from 'node:crypto';
import type * as pkijs from 'pkijs';
import { signatureHolds } from './revocation-data.ts';

/** What one CRL or OCSP response says of a certificate at a time. */
export interface RevocationVerdict {
  status: 'good' | 'revoked';
  /** When the certificate was revoked (also when that came after the time asked about). */
  revokedAt: Date | null;
  source: 'CRL' | 'OCSP';
}

/** Whether data issued at `thisUpdate` (current until `nextUpdate`) speaks for the time `at`. */
export function speaksFor(at: Date, thisUpdate: Date, nextUpdate: Date | undefined): boolean {
  return thisUpdate >= at || !nextUpdate || nextUpdate >= at;
}

/**
 * What `crl` says of `certificate` at `at`; null unless the CRL is the issuer's (name and
 * signature by `issuer`'s key) and was current at `at` or issued after it.
 */
export function crlVerdict(
  crl: pkijs.CertificateRevocationList,
  certificate: pkijs.Certificate,
  issuer: X509Certificate,
  at: Date,
): RevocationVerdict | null {
  if (!crl.issuer.isEqual(certificate.issuer)) return null;
  if (!signatureHolds(crl.tbsView, crl.signatureAlgorithm, crl.signatureValue, issuer.publicKey))
    return null;
  if (!speaksFor(at, crl.thisUpdate.value, crl.nextUpdate?.value)) return null;
  const entry = crl.revokedCertificates?.find((revoked) =>
    revoked.userCertificate.isEqual(certificate.serialNumber),
  );
  if (!entry) return { status: 'good', revokedAt: null, source: 'CRL' };
  const revokedAt = entry.revocationDate.value;
  return { status: revokedAt <= at ? 'revoked' : 'good', revokedAt, source: 'CRL' };
}
