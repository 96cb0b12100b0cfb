import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { timestampOids, toArrayBuffer } from './asn1.ts';
import { digestNameByOid } from './algorithms.ts';

/**
 * ESS signing-certificate-v2 (RFC 5035) naming `certificate` by its SHA-256 hash and issuer
 * and serial number. SHA-256 is the default hash, so DER leaves the algorithm out.
 */
export function signingCertificateV2Attribute(
  certificate: Buffer,
  parsed: pkijs.Certificate,
): pkijs.Attribute {
  const certHash = createHash('sha256').update(certificate).digest();
  const directoryName = new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 4 },
    value: [parsed.issuer.toSchema()],
  });
  const issuerSerial = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [directoryName] }), parsed.serialNumber],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
  });
  return new pkijs.Attribute({
    type: timestampOids.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}

/**
 * True when the signed attributes carry ESS signing-certificate (v1, SHA-1) or -v2 and its first
 * certificate identifier is the hash of `certificate`; false when absent, malformed or different.
 */
export function essNamesCertificate(attributes: pkijs.Attribute[], certificate: Buffer): boolean {
  for (const attribute of attributes) {
    const isV2 = attribute.type === timestampOids.signingCertificateV2;
    if (!isV2 && attribute.type !== timestampOids.signingCertificate) continue;
    let identifier: ReturnType<typeof firstCertificateIdentifier>;
    try {
      identifier = firstCertificateIdentifier(attribute, isV2);
    } catch {
      return false;
    }
    if (!identifier) return false;
    const nodeHash = digestNameByOid(identifier.hashOid);
    if (!nodeHash) return false;
    return createHash(nodeHash).update(certificate).digest().equals(identifier.hash);
  }
  return false;
}

function firstCertificateIdentifier(
  attribute: pkijs.Attribute,
  isV2: boolean,
): { hashOid: string; hash: Buffer } | undefined {
  const signingCertificate: unknown = attribute.values[0];
  if (!(signingCertificate instanceof asn1js.Sequence)) return undefined;
  const certs = signingCertificate.valueBlock.value[0];
  if (!(certs instanceof asn1js.Sequence)) return undefined;
  const certId = certs.valueBlock.value[0];
  if (!(certId instanceof asn1js.Sequence)) return undefined;
  const [first, second] = certId.valueBlock.value;
  if (!isV2) {
    return first instanceof asn1js.OctetString
      ? { hashOid: '1.3.14.3.2.26', hash: Buffer.from(first.valueBlock.valueHexView) }
      : undefined;
  }
  if (first instanceof asn1js.OctetString) {
    return { hashOid: '2.16.840.1.101.3.4.2.1', hash: Buffer.from(first.valueBlock.valueHexView) };
  }
  if (first instanceof asn1js.Sequence && second instanceof asn1js.OctetString) {
    const algorithm = new pkijs.AlgorithmIdentifier({ schema: first });
    return { hashOid: algorithm.algorithmId, hash: Buffer.from(second.valueBlock.valueHexView) };
  }
  return undefined;
}
