import type { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { parseCertificate } from '../cms/cades.ts';
import { downloadCrl } from '../pki/fetch-crls.ts';
import { toArrayBuffer } from '../timestamp/asn1.ts';
import { ocspVerdict } from '../verify/ocsp-status.ts';
import { parseRevocationData, type RevocationVerdict } from '../verify/revocation-data.ts';
import { crlVerdict } from '../verify/revocation.ts';
import { linksOf } from './certificate-links.ts';
import { ValidationDataError } from './errors.ts';
import { mayFetch, type FetchPolicy } from './fetch-resource.ts';
import { requestOcsp } from './ocsp-client.ts';

/** One CRL or OCSP response (DER) and what it says of a certificate. */
export interface FoundRevocation {
  kind: 'crl' | 'ocsp';
  der: Buffer;
  verdict: RevocationVerdict;
  /** Where it came from, in words: 'the CRL http://…'. */
  source: string;
}

/** Known data parsed once, and CRLs downloaded once per URL, for one collection. */
export interface RevocationCache {
  known: Array<{ kind: 'crl' | 'ocsp'; der: Buffer; parsed: object }>;
  crls: Map<string, Promise<Buffer>>;
}

/** Parses the CRLs and OCSP responses the caller already has, skipping unreadable ones. */
export function revocationCache(known: { crls: Buffer[]; ocsps?: Buffer[] }): RevocationCache {
  const parsedCrls = known.crls.flatMap((der) => {
    try {
      return [
        {
          kind: 'crl' as const,
          der,
          parsed: pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der)),
        },
      ];
    } catch {
      return [];
    }
  });
  const parsedOcsps = (known.ocsps ?? []).flatMap((der) =>
    parseRevocationData({ crls: [], ocsps: [der] }).ocsps.map((parsed) => ({
      kind: 'ocsp' as const,
      der,
      parsed,
    })),
  );
  return { known: [...parsedCrls, ...parsedOcsps], crls: new Map() };
}

/** The time in whole seconds, as CRLs and OCSP responses state theirs. */
const toSeconds = (time: Date) => Math.floor(time.getTime() / 1000) * 1000;

/** What `item` says of the certificate at `at`, or null when it is not the issuer's or not current then. */
function verdictOf(
  kind: 'crl' | 'ocsp',
  parsed: object,
  certificate: X509Certificate,
  issuer: X509Certificate,
  at: Date,
) {
  const subject = parseCertificate(certificate.raw);
  return kind === 'crl'
    ? crlVerdict(parsed as pkijs.CertificateRevocationList, subject, issuer, at)
    : ocspVerdict(
        parsed as pkijs.BasicOCSPResponse,
        subject,
        { node: issuer, parsed: parseCertificate(issuer.raw) },
        at,
      );
}

/**
 * Revocation data for `certificate` at `at`: what the caller already has, else an OCSP
 * response from the responder it names, else the CRL of its distribution points. With
 * `issuedAfter`, only data issued at or after that time (whole seconds) will do. Throws a
 * `ValidationDataError`: revoked (naming the CRL or responder), not yet fresh, or none to be had.
 */
export async function findRevocation(
  certificate: X509Certificate,
  issuer: X509Certificate,
  at: Date,
  options: FetchPolicy & { issuedAfter?: Date | undefined; cache: RevocationCache },
): Promise<FoundRevocation> {
  const { issuedAfter, cache } = options;
  // Data issued before `issuedAfter` will not do, unless it already says "revoked".
  const usable = (verdict: RevocationVerdict) =>
    verdict.status === 'revoked' ||
    !issuedAfter ||
    verdict.thisUpdate.getTime() >= toSeconds(issuedAfter);
  const accept = (found: FoundRevocation) => {
    if (found.verdict.status !== 'revoked') return found;
    const when = found.verdict.revokedAt?.toISOString() ?? '?';
    throw new ValidationDataError(
      'revoked',
      `${subjectOf(certificate)} was revoked at ${when}, says ${found.source}`,
    );
  };
  for (const item of cache.known) {
    const verdict = verdictOf(item.kind, item.parsed, certificate, issuer, at);
    const source = `the ${item.kind === 'crl' ? 'CRL' : 'OCSP response'} given`;
    if (verdict && usable(verdict))
      return accept({ kind: item.kind, der: item.der, verdict, source });
  }
  const links = linksOf(certificate);
  const failures: string[] = [];
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  for (const url of links.ocsp.filter((item) => mayFetch(item, options))) {
    let found: FoundRevocation | null = null;
    try {
      const { der, verdict } = await requestOcsp(url, certificate, issuer, at, options);
      if (usable(verdict))
        found = { kind: 'ocsp', der, verdict, source: `the OCSP responder ${url}` };
      else failures.push(`the OCSP responder ${url} answered a response older than the use`);
    } catch (error) {
      failures.push(`the OCSP responder ${url}: ${reason(error)}`);
    }
    if (found) return accept(found);
  }
  let stale: RevocationVerdict | null = null;
  for (const url of links.crls.filter((item) => mayFetch(item, options))) {
    let found: FoundRevocation | null = null;
    try {
      let download = cache.crls.get(url);
      if (!download) cache.crls.set(url, (download = downloadCrl(url, options)));
      const der = await download;
      const crl = pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der));
      const verdict = verdictOf('crl', crl, certificate, issuer, at);
      if (!verdict) failures.push(`the CRL ${url} is not the issuer's or not current then`);
      else if (usable(verdict)) found = { kind: 'crl', der, verdict, source: `the CRL ${url}` };
      else stale = verdict;
    } catch (error) {
      failures.push(reason(error));
    }
    if (found) return accept(found);
  }
  if (stale)
    throw new ValidationDataError(
      'not-yet-fresh',
      `the CRL for ${subjectOf(certificate)} was issued at ${stale.thisUpdate.toISOString()}, ` +
        `before its use at ${issuedAfter?.toISOString()}; the CA's next one is due ` +
        (stale.nextUpdate?.toISOString() ?? 'at a time it does not say'),
      stale.nextUpdate ?? null,
    );
  throw new ValidationDataError(
    'no-revocation-data',
    `no revocation data for ${subjectOf(certificate)}: ` +
      (failures.join('; ') ||
        'it names no OCSP responder or CRL distribution point that may be fetched'),
  );
}

export const subjectOf = (certificate: X509Certificate) =>
  certificate.subject.replaceAll('\n', ', ');
