import { X509Certificate } from 'node:crypto';

/** The outcome of judging a certificate's chain at one time. */
export interface ChainVerdict {
  /** From the certificate up: each next one issued it (name and signature). */
  path: X509Certificate[];
  /** The path reaches an anchor, every certificate up to it valid at the time; null without anchors. */
  trusted: boolean | null;
  /** Certificates that need a revocation check, each with its issuer (null when not found). */
  needsRevocation: Array<{ certificate: X509Certificate; issuer: X509Certificate | null }>;
  problem: string | null;
}

const maxPathLength = 10;

function verifiesWith(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/** True when the certificate names itself as issuer and its own key verifies it. */
function isSelfSigned(certificate: X509Certificate): boolean {
  try {
    return certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey);
  } catch {
    return false;
  }
}

/** The certificate read from DER, or null when there is none or it cannot be read. */
export function certificateOf(der: Buffer | null | undefined): X509Certificate | null {
  try {
    return der ? new X509Certificate(der) : null;
  } catch {
    return null;
  }
}

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** Parses DER certificates and PEM text (every certificate of a bundle), skipping any that cannot be read. */
export function readCertificates(items: Array<Buffer | string>): X509Certificate[] {
  return items.flatMap((item) => {
    const text = typeof item === 'string' ? item : item.toString('latin1');
    const blocks = text.includes('-----BEGIN CERTIFICATE-----')
      ? (text.match(pemBlock) ?? [])
      : [item];
    return blocks.flatMap((block) => {
      try {
        return [new X509Certificate(block)];
      } catch {
        return [];
      }
    });
  });
}

/** The path from `leaf` through `pool`, ending at a self-signed certificate or where no issuer is found. */
function certificationPath(leaf: X509Certificate, pool: X509Certificate[]): X509Certificate[] {
  const path = [leaf];
  for (let current = leaf; path.length < maxPathLength && !isSelfSigned(current);) {
    const issuer = pool.find(
      (candidate) =>
        !path.some((item) => item.fingerprint256 === candidate.fingerprint256) &&
        verifiesWith(current, candidate),
    );
    if (!issuer) break;
    path.push(issuer);
    current = issuer;
  }
  return path;
}

const validAt = (certificate: X509Certificate, at: Date) =>
  Date.parse(certificate.validFrom) <= at.getTime() &&
  at.getTime() <= Date.parse(certificate.validTo);

/**
 * Judges `leaf` at the time `at` (the signature's, not now): the path through `pool` must reach
 * one of `anchors`, each issuer a CA, every certificate up to the anchor valid at `at`.
 * Anchors and self-signed roots need no revocation check; the others are listed.
 */
export function judgeChain(
  leaf: X509Certificate,
  pool: X509Certificate[],
  anchors: X509Certificate[] | null,
  at: Date,
): ChainVerdict {
  const path = certificationPath(leaf, [...pool, ...(anchors ?? [])]);
  const isAnchor = (certificate: X509Certificate) =>
    anchors?.some((anchor) => anchor.fingerprint256 === certificate.fingerprint256) ?? false;
  const anchorIndex = path.findIndex(isAnchor);
  const checked = anchorIndex >= 0 ? path.slice(0, anchorIndex) : path;
  const needsRevocation = checked
    .filter((certificate) => !isSelfSigned(certificate))
    .map((certificate) => ({ certificate, issuer: path[path.indexOf(certificate) + 1] ?? null }));
  if (!anchors) return { path, trusted: null, needsRevocation, problem: null };
  if (anchorIndex < 0)
    return { path, trusted: false, needsRevocation, problem: 'the chain reaches no trust anchor' };
  const expired = path.slice(0, anchorIndex + 1).find((certificate) => !validAt(certificate, at));
  const notCa = path.slice(1, anchorIndex + 1).find((certificate) => !certificate.ca);
  const problem = expired
    ? `${expired.subject.replaceAll('\n', ', ')} was not valid at ${at.toISOString()}`
    : notCa
      ? `${notCa.subject.replaceAll('\n', ', ')} is not a certificate authority`
      : null;
  return { path, trusted: problem === null, needsRevocation, problem };
}
