import * as asn1js from 'asn1js';
import { x509 } from './x509.ts';

/** What a certificate says of itself beyond its names: its policies and qualified statements. */
export interface CertificateStatements {
  /** The certificatePolicies extension's policy OIDs (RFC 5280 §4.2.1.4). */
  policies: string[];
  /** It carries the QcCompliance statement: issued as an EU qualified certificate (ETSI EN 319 412-5). */
  qcCompliance: boolean;
}

const certificatePoliciesOid = '2.5.29.32';
const qcStatementsOid = '1.3.6.1.5.5.7.1.3';
const qcComplianceOid = '0.4.0.1862.1.1';

/**
 * An OBJECT IDENTIFIER's dotted form from its DER contents, with arcs of any size: asn1js
 * (and so @peculiar/x509) writes an arc beyond 2^53, such as a UUID's (2.25.<128 bits>), in hex.
 */
export function dottedOid(contents: Uint8Array): string | null {
  const arcs: bigint[] = [];
  let value = 0n;
  let pending = false;
  for (const byte of contents) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    pending = (byte & 0x80) !== 0;
    if (!pending) {
      arcs.push(value);
      value = 0n;
    }
  }
  const [first, ...rest] = arcs;
  if (pending || first === undefined) return null;
  const top = first < 40n ? 0n : first < 80n ? 1n : 2n;
  return [top, first - top * 40n, ...rest].join('.');
}

/** The OIDs that open each element of a SEQUENCE OF SEQUENCE { OID, ... } (policies, qcStatements). */
function leadingOids(value: ArrayBuffer): string[] {
  const parsed = asn1js.fromBER(value);
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return [];
  return parsed.result.valueBlock.value.flatMap((element) => {
    if (!(element instanceof asn1js.Sequence)) return [];
    const [id] = element.valueBlock.value;
    if (!(id instanceof asn1js.ObjectIdentifier)) return [];
    // The whole TLV: the contents follow the tag and the (short or long) length.
    const encoded = id.valueBeforeDecodeView;
    const lengthByte = encoded[1] ?? 0;
    const dotted = dottedOid(encoded.subarray(lengthByte < 0x80 ? 2 : 2 + (lengthByte & 0x7f)));
    return dotted ? [dotted] : [];
  });
}

/**
 * Reads a certificate's (PEM or DER) policies and whether it claims to be qualified; an
 * unreadable certificate or extension counts as saying nothing.
 */
export function readCertificateStatements(certificate: string | Buffer): CertificateStatements {
  let parsed: x509.X509Certificate;
  try {
    parsed = new x509.X509Certificate(certificate);
  } catch {
    return { policies: [], qcCompliance: false };
  }
  // An unreadable extension names nothing.
  const oidsOf = (extensionOid: string) => {
    const extension = parsed.getExtension(extensionOid);
    try {
      return extension ? leadingOids(extension.value) : [];
    } catch {
      return [];
    }
  };
  return {
    policies: oidsOf(certificatePoliciesOid),
    qcCompliance: oidsOf(qcStatementsOid).includes(qcComplianceOid),
  };
}
