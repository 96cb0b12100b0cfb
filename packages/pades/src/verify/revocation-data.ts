import { verify, type KeyObject, type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { digestNameByOid, verificationHash } from '../timestamp/algorithms.ts';
import { toArrayBuffer } from '../timestamp/asn1.ts';

/** CRLs and OCSP responses (DER), from the /DSS or from a CMS. */
export interface RevocationData {
  crls: Buffer[];
  ocsps: Buffer[];
}

/** What one CRL or OCSP response says of a certificate at a time. */
export interface RevocationVerdict {
  status: 'good' | 'revoked';
  /** When the certificate was revoked (also when that came after the time asked about). */
  revokedAt: Date | null;
  source: 'CRL' | 'OCSP';
  /** When the data was issued, and when it is next due (none: not said). */
  thisUpdate: Date;
  nextUpdate: Date | undefined;
}

/** The same data parsed; whatever cannot be parsed is left out. */
export interface ParsedRevocationData {
  crls: pkijs.CertificateRevocationList[];
  ocsps: pkijs.BasicOCSPResponse[];
}

const basicOcsp = '1.3.6.1.5.5.7.48.1.1';

function parsed<T>(items: Buffer[], parse: (der: ArrayBuffer) => T | null): T[] {
  return items.flatMap((der) => {
    try {
      const value = parse(toArrayBuffer(der));
      return value ? [value] : [];
    } catch {
      return [];
    }
  });
}

/** Parses CRLs and OCSP responses (a full OCSPResponse or a BasicOCSPResponse), skipping unreadable ones. */
export function parseRevocationData(data: RevocationData): ParsedRevocationData {
  return {
    crls: parsed(data.crls, (der) => pkijs.CertificateRevocationList.fromBER(der)),
    ocsps: parsed(data.ocsps, (der) => {
      const outer = asn1js.fromBER(der).result;
      if (!(outer instanceof asn1js.Sequence)) return null;
      // An OCSPResponse starts with its status (ENUMERATED); a BasicOCSPResponse does not.
      if (!(outer.valueBlock.value[0] instanceof asn1js.Enumerated))
        return new pkijs.BasicOCSPResponse({ schema: outer });
      const response = new pkijs.OCSPResponse({ schema: outer });
      const bytes = response.responseBytes;
      if (response.responseStatus.valueBlock.valueDec !== 0 || bytes?.responseType !== basicOcsp)
        return null;
      return pkijs.BasicOCSPResponse.fromBER(bytes.response.valueBlock.valueHexView);
    }),
  };
}

/** True when `signature` over `signed` verifies with `key` under the named algorithm. */
export function signatureHolds(
  signed: Uint8Array,
  algorithm: pkijs.AlgorithmIdentifier,
  signature: asn1js.BitString,
  key: KeyObject,
): boolean {
  try {
    const hash = verificationHash(
      algorithm.algorithmId,
      digestNameByOid(algorithm.algorithmId) ?? 'sha256',
    );
    return verify(hash, signed, key, Buffer.from(signature.valueBlock.valueHexView));
  } catch {
    return false;
  }
}

/** Whether data issued at `thisUpdate` (current until `nextUpdate`) speaks for the time `at`. */
export function speaksFor(at: Date, thisUpdate: Date, nextUpdate: Date | undefined): boolean {
  return thisUpdate >= at || !nextUpdate || nextUpdate >= at;
}

// Per parsed CRL or OCSP response, by the issuer's fingerprint: whether that issuer signed it.
const signedByIssuer = new WeakMap<object, Map<string, boolean>>();

/**
 * Whether `issuer` signed this parsed CRL or OCSP response, by `check` the first time and
 * remembered after that (every signature of a document asks the same of its /DSS).
 */
export function signedBy(item: object, issuer: X509Certificate, check: () => boolean): boolean {
  let byIssuer = signedByIssuer.get(item);
  if (!byIssuer) signedByIssuer.set(item, (byIssuer = new Map()));
  let holds = byIssuer.get(issuer.fingerprint256);
  if (holds === undefined) byIssuer.set(issuer.fingerprint256, (holds = check()));
  return holds;
}
