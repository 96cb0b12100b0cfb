import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { oids } from '../cms/cades.ts';

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
const tstInfoOid = '1.2.840.113549.1.9.16.1.4';
const signingTimeOid = '1.2.840.113549.1.9.5';

export interface CmsCheck {
  /** The signer's certificate (DER), found by the SignerInfo's issuer and serial. */
  signerCertificate: Buffer | null;
  certificates: Buffer[];
  /** The signed attributes' message digest (or a time stamp's imprint) equals the content's. */
  digestMatches: boolean;
  signatureValid: boolean;
  signedAttributeOids: string[];
  /** The time a time-stamp token vouches for (a document time stamp's, or the signature time stamp's). */
  timestampTime: Date | null;
  /** For a signature: its signature time stamp token, checked like any CMS. */
  signatureTimestamp: CmsCheck | null;
}

function attributeValue(attributes: pkijs.Attribute[] | undefined, oid: string) {
  return attributes?.find((attribute) => attribute.type === oid)?.values[0];
}

function findSigner(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo) {
  const sid = signerInfo.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  for (const certificate of signedData.certificates ?? []) {
    if (!(certificate instanceof pkijs.Certificate)) continue;
    if (
      certificate.serialNumber.isEqual(sid.serialNumber) &&
      certificate.issuer.isEqual(sid.issuer)
    )
      return certificate;
  }
  return null;
}

function tstInfoOf(signedData: pkijs.SignedData): pkijs.TSTInfo | null {
  const content = signedData.encapContentInfo.eContent;
  if (signedData.encapContentInfo.eContentType !== tstInfoOid || !content) return null;
  return pkijs.TSTInfo.fromBER(content.getValue());
}

/**
 * Checks one CMS SignedData over a content digest: the signer's certificate, the message
 * digest (or a time-stamp token's imprint), and the signature over the signed attributes.
 */
export function checkCms(der: Buffer, contentDigest: Buffer): CmsCheck {
  const contentInfo = pkijs.ContentInfo.fromBER(toArrayBuffer(der));
  if (contentInfo.contentType !== oids.signedData) throw new Error('not a CMS SignedData');
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo || signedData.signerInfos.length !== 1)
    throw new Error('expected exactly one SignerInfo');
  const signer = findSigner(signedData, signerInfo);
  const certificates = (signedData.certificates ?? [])
    .filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate)
    .map((item) => Buffer.from(item.toSchema().toBER(false)));
  const signerCertificate = signer ? Buffer.from(signer.toSchema().toBER(false)) : null;

  const signedAttributes = signerInfo.signedAttrs?.attributes ?? [];
  const tstInfo = tstInfoOf(signedData);
  const eContent = signedData.encapContentInfo.eContent?.getValue();
  const messageDigest = attributeValue(signedAttributes, oids.messageDigest);
  const expectedDigest =
    tstInfo && eContent
      ? createHash('sha256').update(Buffer.from(eContent)).digest()
      : contentDigest;
  const digestMatches =
    messageDigest instanceof asn1js.OctetString &&
    Buffer.from(messageDigest.valueBlock.valueHexView).equals(expectedDigest) &&
    (!tstInfo ||
      Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(
        contentDigest,
      ));

  let signatureValid = false;
  if (signer && signerInfo.signedAttrs) {
    const encoded = Buffer.from(signerInfo.signedAttrs.encodedValue);
    encoded[0] = 0x31; // signed as SET OF, stored as [0] IMPLICIT
    const certificate = new X509Certificate(signerCertificate ?? Buffer.alloc(0));
    const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
    const key = certificate.publicKey;
    signatureValid = verifySignature(
      'sha256',
      encoded,
      key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key,
      signature,
    );
  }
  const tokenAttribute = attributeValue(
    signerInfo.unsignedAttrs?.attributes,
    oids.signatureTimeStampToken,
  );
  const signatureTimestamp = tokenAttribute
    ? checkCms(
        Buffer.from(tokenAttribute.toBER(false)),
        createHash('sha256')
          .update(Buffer.from(signerInfo.signature.valueBlock.valueHexView))
          .digest(),
      )
    : null;
  return {
    signerCertificate,
    certificates,
    digestMatches,
    signatureValid,
    signedAttributeOids: signedAttributes.map((attribute) => attribute.type),
    timestampTime: tstInfo ? tstInfo.genTime : null,
    signatureTimestamp,
  };
}

export const forbiddenSigningTime = signingTimeOid;
