import { createHash, sign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encode, timestampOids, toArrayBuffer } from './asn1.ts';
import { signatureAlgorithmFor } from './algorithms.ts';
import { signingCertificateV2Attribute } from './ess.ts';

export interface TokenSigner {
  certificate: Buffer;
  parsedCertificate: pkijs.Certificate;
  privateKey: KeyObject;
  chain: pkijs.Certificate[];
}

const sha256Oid = '2.16.840.1.101.3.4.2.1';

/** DER orders a SET OF by encoding; verifiers (openssl) re-encode before checking, so we sort. */
function sortedByEncoding(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  return attributes
    .map((attribute) => ({ attribute, der: encode(attribute.toSchema()) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute);
}

/**
 * A TimeStampToken: CMS SignedData (DER) over the TSTInfo with signed attributes content-type,
 * message-digest and signing-certificate-v2, signed with SHA-256; certificates only when asked.
 */
export function signTstInfo(
  tstInfo: Buffer,
  signer: TokenSigner,
  includeCertificates: boolean,
): pkijs.ContentInfo {
  const certificate = signer.parsedCertificate;
  const signedAttributes = sortedByEncoding([
    new pkijs.Attribute({
      type: timestampOids.contentType,
      values: [new asn1js.ObjectIdentifier({ value: timestampOids.tstInfo })],
    }),
    new pkijs.Attribute({
      type: timestampOids.messageDigest,
      values: [
        new asn1js.OctetString({
          valueHex: toArrayBuffer(createHash('sha256').update(tstInfo).digest()),
        }),
      ],
    }),
    signingCertificateV2Attribute(signer.certificate, certificate),
  ]);
  const toBeSigned = encode(
    new asn1js.Set({ value: signedAttributes.map((attribute) => attribute.toSchema()) }),
  );
  const algorithm = signatureAlgorithmFor(signer.privateKey);
  const signature = sign(
    'sha256',
    toBeSigned,
    algorithm.nullParameters ? signer.privateKey : { key: signer.privateKey, dsaEncoding: 'der' },
  );
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: sha256Oid }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: algorithm.oid,
      ...(algorithm.nullParameters ? { algorithmParams: new asn1js.Null() } : {}),
    }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes }),
  });
  const encapContentInfo = new pkijs.EncapsulatedContentInfo({
    eContentType: timestampOids.tstInfo,
  });
  // Set after construction: the constructor would turn the content into a constructed (BER) OCTET STRING.
  encapContentInfo.eContent = new asn1js.OctetString({ valueHex: toArrayBuffer(tstInfo) });
  const signedData = new pkijs.SignedData({
    version: 3,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: sha256Oid })],
    encapContentInfo,
    ...(includeCertificates ? { certificates: [certificate, ...signer.chain] } : {}),
    signerInfos: [signerInfo],
  });
  return new pkijs.ContentInfo({
    contentType: timestampOids.signedData,
    content: signedData.toSchema(true),
  });
}
