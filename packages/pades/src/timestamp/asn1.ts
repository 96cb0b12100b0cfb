import * as asn1js from 'asn1js';

/** Object identifiers of RFC 3161 tokens and the CMS around them. */
export const timestampOids = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  extendedKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

/** True for a dotted object identifier such as 1.3.6.1.4.1.99999.1. */
export function isObjectIdentifier(text: string): boolean {
  return /^[0-2](\.(0|[1-9]\d*))+$/.test(text);
}

/** Copies bytes into a fresh ArrayBuffer (a Buffer may be a view on a shared pool). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}

/** Parses exactly one BER/DER element spanning all of `bytes`, or throws naming `what`. */
export function parseSingleElement(bytes: Uint8Array, what: string): asn1js.AsnType {
  const parsed = asn1js.fromBER(toArrayBuffer(bytes));
  if (parsed.offset === -1 || parsed.offset !== bytes.byteLength) {
    throw new Error(`${what} is not a single well-formed ASN.1 element`);
  }
  return parsed.result;
}

/** The exact encoding an element was parsed from (its header included). */
export function originalEncoding(element: asn1js.AsnType): Buffer {
  return Buffer.from(element.valueBeforeDecodeView);
}

/** Encodes a value DER-style (definite lengths) as a Buffer. */
export function encode(value: { toBER(sizeOnly?: boolean): ArrayBuffer }): Buffer {
  return Buffer.from(value.toBER(false));
}
