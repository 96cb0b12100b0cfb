import type { X509Certificate } from 'node:crypto';
import type * as pkijs from 'pkijs';
import { parseCertificate } from '../cms/cades.ts';
import { ocspVerdict } from './ocsp-status.ts';
import {
  signatureHolds,
  signedBy,
  speaksFor,
  type ParsedRevocationData,
  type RevocationVerdict,
} from './revocation-data.ts';

export type RevocationStatus = 'good' | 'revoked' | 'unknown';

/** One certificate's revocation status at the validation time. */
export interface CertificateRevocation {
  subject: string;
  status: RevocationStatus;
  /** When it was revoked, also when that came after the validation time (then it is 'good'). */
  revokedAt: string | null;
  /** What told: a CRL or an OCSP response; null when nothing did ('unknown'). */
  source: 'CRL' | 'OCSP' | null;
}

/** The signer's and intermediate certificates' status: revoked if any is, good if all are. */
export interface RevocationReport {
  status: RevocationStatus;
  certificates: CertificateRevocation[];
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
  const signed = () =>
    signatureHolds(crl.tbsView, crl.signatureAlgorithm, crl.signatureValue, issuer.publicKey);
  if (!signedBy(crl, issuer, signed)) return null;
  const thisUpdate = crl.thisUpdate.value;
  const nextUpdate = crl.nextUpdate?.value;
  if (!speaksFor(at, thisUpdate, nextUpdate)) return null;
  const entry = crl.revokedCertificates?.find((revoked) =>
    revoked.userCertificate.isEqual(certificate.serialNumber),
  );
  const issued = { source: 'CRL' as const, thisUpdate, nextUpdate };
  if (!entry) return { status: 'good', revokedAt: null, ...issued };
  const revokedAt = entry.revocationDate.value;
  return { status: revokedAt <= at ? 'revoked' : 'good', revokedAt, ...issued };
}

/** The status of one certificate at `at` by the data; 'unknown' without an issuer or usable data. */
function statusOf(
  certificate: X509Certificate,
  issuer: X509Certificate | null,
  data: ParsedRevocationData,
  at: Date,
): CertificateRevocation {
  const subject = certificate.subject.replaceAll('\n', ', ');
  let verdicts: RevocationVerdict[] = [];
  if (issuer) {
    try {
      const parsed = parseCertificate(certificate.raw);
      const parsedIssuer = { node: issuer, parsed: parseCertificate(issuer.raw) };
      verdicts = [
        ...data.crls.map((crl) => crlVerdict(crl, parsed, issuer, at)),
        ...data.ocsps.map((ocsp) => ocspVerdict(ocsp, parsed, parsedIssuer, at)),
      ].filter((verdict): verdict is RevocationVerdict => verdict !== null);
    } catch {
      // an unreadable certificate has no known status
    }
  }
  const verdict =
    verdicts.find((item) => item.status === 'revoked') ??
    verdicts.find((item) => item.revokedAt) ??
    verdicts[0];
  return {
    subject,
    status: verdict?.status ?? 'unknown',
    revokedAt: verdict?.revokedAt?.toISOString() ?? null,
    source: verdict?.source ?? null,
  };
}

/** Each listed certificate's revocation status at `at` from the given CRLs and OCSP responses. */
export function checkRevocation(
  needs: Array<{ certificate: X509Certificate; issuer: X509Certificate | null }>,
  data: ParsedRevocationData,
  at: Date,
): RevocationReport {
  const certificates = needs.map(({ certificate, issuer }) =>
    statusOf(certificate, issuer, data, at),
  );
  const status = certificates.some((item) => item.status === 'revoked')
    ? 'revoked'
    : certificates.every((item) => item.status === 'good')
      ? 'good'
      : 'unknown';
  return { status, certificates };
}
