import { verify, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { digestNameByOid, verificationHash } from '../timestamp/algorithms.ts';

/** CRLs and OCSP responses (DER), from the /DSS or from a CMS. */
export interface RevocationData {
  crls: Buffer[];
  ocsps: Buffer[];
}

/** The same data parsed; whatever cannot be parsed is left out. */
export interface ParsedRevocationData {
  crls: pkijs.CertificateRevocationList[];
  ocsps: pkijs.BasicOCSPResponse[];
}

const basicOcsp = '1.3.6.1.5.5.7.48.1.1';

const toArrayBuffer = (buffer: Buffer | Uint8Array): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

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
