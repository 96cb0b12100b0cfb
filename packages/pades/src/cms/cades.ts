import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Signer } from '../signers/signer.ts';
import { toArrayBuffer } from '../timestamp/asn1.ts';

export const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/** Parses a DER certificate; throws on anything else. */
export function parseCertificate(der: Buffer): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}

/** ESS signing-certificate-v2 (RFC 5035) naming the signer's certificate by its SHA-256 hash. */
function signingCertificateV2(certificate: Buffer, parsed: pkijs.Certificate): pkijs.Attribute {
  const hash = createHash('sha256').update(certificate).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Constructed({
            idBlock: { tagClass: 3, tagNumber: 4 },
            value: [parsed.issuer.toSchema()],
          }),
        ],
      }),
      parsed.serialNumber,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(hash) }), issuerSerial],
  });
  return new pkijs.Attribute({
    type: oids.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}

/** DER orders a SET OF by encoding; openssl re-encodes before checking, so we must too. */
function sortedByEncoding(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  return attributes
    .map((attribute) => ({ attribute, der: Buffer.from(attribute.toSchema().toBER(false)) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute);
}

export interface CadesOptions {
  /** SHA-256 of the signed content (a PDF's byte ranges). */
  contentDigest: Buffer;
  signer: Signer;
  /** Adds the signature time stamp (B-T): receives SHA-256 of the signature value, answers a token. */
  timestamp?: (digest: Buffer) => Promise<Buffer>;
}

/**
 * Builds a detached CAdES signature as PAdES B-B requires: one SignerInfo, signed attributes
 * content-type, message-digest and signing-certificate-v2 (never signing-time), the signer's
 * certificate and chain; with `timestamp`, a signature time stamp (B-T). Answers DER.
 */
export async function createCadesSignature(options: CadesOptions): Promise<Buffer> {
  const { signer } = options;
  const certificate = parseCertificate(signer.certificate);
  const signedAttributes = sortedByEncoding([
    new pkijs.Attribute({
      type: oids.contentType,
      values: [new asn1js.ObjectIdentifier({ value: oids.data })],
    }),
    new pkijs.Attribute({
      type: oids.messageDigest,
      values: [new asn1js.OctetString({ valueHex: toArrayBuffer(options.contentDigest) })],
    }),
    signingCertificateV2(signer.certificate, certificate),
  ]);
  const toBeSigned = Buffer.from(
    new asn1js.Set({ value: signedAttributes.map((a) => a.toSchema()) }).toBER(false),
  );
  const signature = await signer.sign(toBeSigned);

  const unsignedAttributes: pkijs.Attribute[] = [];
  if (options.timestamp) {
    const token = await options.timestamp(createHash('sha256').update(signature).digest());
    unsignedAttributes.push(
      new pkijs.Attribute({
        type: oids.signatureTimeStampToken,
        values: [asn1js.fromBER(toArrayBuffer(token)).result],
      }),
    );
  }
  const sha256 = () => new pkijs.AlgorithmIdentifier({ algorithmId: oids.sha256 });
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: sha256(),
    signatureAlgorithm:
      signer.algorithm === 'ecdsa-sha256'
        ? new pkijs.AlgorithmIdentifier({ algorithmId: oids.ecdsaWithSha256 })
        : new pkijs.AlgorithmIdentifier({
            algorithmId: oids.sha256WithRsa,
            algorithmParams: new asn1js.Null(),
          }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes }),
    ...(unsignedAttributes.length
      ? {
          unsignedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 1,
            attributes: unsignedAttributes,
          }),
        }
      : {}),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: oids.data }),
    digestAlgorithms: [sha256()],
    certificates: [certificate, ...signer.chain.map(parseCertificate)],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: oids.signedData,
    content: signedData.toSchema(true),
  });
  return Buffer.from(contentInfo.toSchema().toBER(false));
}
