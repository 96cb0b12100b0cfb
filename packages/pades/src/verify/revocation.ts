import type { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { crlVerdict, type RevocationVerdict } from './crl-status.ts';
import { ocspVerdict } from './ocsp-status.ts';
import type { ParsedRevocationData } from './revocation-data.ts';

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

const parse = (certificate: X509Certificate) => pkijs.Certificate.fromBER(certificate.raw);

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
      const parsed = parse(certificate);
      const parsedIssuer = { node: issuer, parsed: parse(issuer) };
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
