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

/** A CRL or an OCSP response, as DER and parsed. */
type RevocationItem =
  | { kind: 'crl'; der: Buffer; parsed: pkijs.CertificateRevocationList }
  | { kind: 'ocsp'; der: Buffer; parsed: pkijs.BasicOCSPResponse };

/** Known data parsed once, and CRLs downloaded once per URL, for one collection. */
export interface RevocationCache {
  known: RevocationItem[];
  crls: Map<string, Promise<Buffer>>;
}

/** Parses the CRLs and OCSP responses the caller already has, skipping unreadable ones. */
export function revocationCache(known: { crls: Buffer[]; ocsps?: Buffer[] }): RevocationCache {
  const crls = known.crls.flatMap((der): RevocationItem[] => {
    try {
      const parsed = pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der));
      return [{ kind: 'crl', der, parsed }];
    } catch {
      return [];
    }
  });
  const ocsps = (known.ocsps ?? []).flatMap((der) =>
    parseRevocationData({ crls: [], ocsps: [der] }).ocsps.map((parsed): RevocationItem => ({
      kind: 'ocsp',
      der,
      parsed,
    })),
  );
  return { known: [...crls, ...ocsps], crls: new Map() };
}

/** The time in whole seconds, as CRLs and OCSP responses state theirs. */
const toSeconds = (time: Date) => Math.floor(time.getTime() / 1000) * 1000;

/** What `item` says of the certificate at `at`; null when it is not the issuer's or not current then. */
function verdictOf(
  item: RevocationItem,
  certificate: X509Certificate,
  issuer: X509Certificate,
  at: Date,
): RevocationVerdict | null {
  const subject = parseCertificate(certificate.raw);
  if (item.kind === 'crl') return crlVerdict(item.parsed, subject, issuer, at);
  const parsedIssuer = { node: issuer, parsed: parseCertificate(issuer.raw) };
  return ocspVerdict(item.parsed, subject, parsedIssuer, at);
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
    const verdict = verdictOf(item, certificate, issuer, at);
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
      const parsed = pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der));
      const verdict = verdictOf({ kind: 'crl', der, parsed }, certificate, issuer, at);
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
