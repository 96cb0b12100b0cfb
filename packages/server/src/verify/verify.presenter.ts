import { X509Certificate } from 'node:crypto';
import type {
  LaterChange,
  PadesBaselineLevel,
  RevocationStatus,
  SignatureLevel,
  VerifiedSignature,
} from '@esign/contract';
import { readCertificateStatements, type SignatureReport } from '@esign/pades';
import { portalLevelOf } from '../pki/portal-policies.ts';
import { anchorReached, type VerifyAnchors } from './verify-anchors.ts';

const pdfDate =
  /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?/;

/** A PDF date (D:YYYYMMDDHHmmSS+HH'mm') as an ISO time in UTC; null when it is none. */
export function isoOfPdfDate(text: string | null): string | null {
  const match = text ? pdfDate.exec(text) : null;
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = match;
  const sign = match[8] === '-' ? -1 : 1;
  const offsetMinutes = match[8] ? sign * (Number(match[9]) * 60 + Number(match[10] ?? 0)) : 0;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const time = new Date(utc - offsetMinutes * 60_000);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** The common name of the path's first certificate, else the subject as the verifier wrote it. */
function signerName(report: SignatureReport): string | null {
  const [leaf] = report.certificatePath;
  try {
    const subject = leaf ? new X509Certificate(leaf).subject.split('\n') : [];
    const commonName = subject.find((part) => part.startsWith('CN='));
    if (commonName) return commonName.slice(3);
  } catch {
    // fall back to the subject below
  }
  return report.signerSubject;
}

/**
 * The level as the portal issued it: Low or Advanced from the policy of a certificate the
 * portal's CA issued; Qualified for a qualified certificate (QcCompliance) whose chain reaches
 * the trust list; otherwise (another issuer, a certificate from before the policies) unknown.
 */
function portalLevel(report: SignatureReport, anchors: VerifyAnchors): SignatureLevel | null {
  const [leaf] = report.certificatePath;
  if (report.kind !== 'signature' || report.chainTrusted !== true || !leaf) return null;
  const statements = readCertificateStatements(leaf);
  const anchor = anchorReached(report.certificatePath, anchors);
  if (anchor === 'trustList') return statements.qcCompliance ? 'Qualified' : null;
  return anchor === 'portal' ? portalLevelOf(statements.policies) : null;
}

function padesLevel(level: SignatureReport['level']): PadesBaselineLevel | null {
  return level === 'none' || level === 'timestamp' ? null : level;
}

function laterChanges({ changesAfter }: SignatureReport): LaterChange[] {
  const times = (count: number, Kind: LaterChange['Kind']) =>
    Array.from({ length: count }, () => ({ Kind, Detail: null }));
  return [
    ...times(changesAfter.signatures, 'Signature'),
    ...times(changesAfter.documentTimestamps, 'DocumentTimestamp'),
    ...times(changesAfter.validationData ? 1 : 0, 'ValidationData'),
    // An embedded file; EU DSS warns of the catalog's /AF that lists it (an undefined change).
    ...(changesAfter.embeddedFiles
      ? [
          {
            Kind: 'EmbeddedFile' as const,
            Detail: changesAfter.undefinedChanges.join('; ') || null,
          },
        ]
      : []),
    ...changesAfter.other.map((Detail) => ({ Kind: 'Other' as const, Detail })),
  ];
}

/** An untrusted chain's revocation means nothing: whoever made the certificate could say anything. */
function revocation(report: SignatureReport): RevocationStatus {
  if (report.revocation.status === 'revoked') return 'Revoked';
  if (report.chainTrusted !== true) return 'NotChecked';
  return report.revocation.status === 'good' ? 'Good' : 'Unknown';
}

/** One signature or document time stamp as the verification page shows it (pure). */
export function presentSignature(
  report: SignatureReport,
  anchors: VerifyAnchors,
): VerifiedSignature {
  return {
    Kind: report.kind === 'document-timestamp' ? 'DocumentTimestamp' : 'Signature',
    Signer: signerName(report),
    ClaimedTime: isoOfPdfDate(report.claimedTime),
    TimestampTime: report.timestampTime,
    PortalLevel: portalLevel(report, anchors),
    PadesLevel: padesLevel(report.level),
    Intact: report.valid,
    CoversWholeDocument: report.coversWholeDocument,
    LaterChanges: laterChanges(report),
    ChainTrusted: report.chainTrusted === true,
    Revocation: revocation(report),
  };
}
