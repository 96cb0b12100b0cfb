import { verify as verifySignature, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { oids } from '../cms/cades.ts';
import { toArrayBuffer } from '../timestamp/asn1.ts';
import { carriedCertificates, findSigner } from '../timestamp/token-signature.ts';
import { cmsRevocationData } from './cms-revocation.ts';
import type { RevocationData } from './revocation-data.ts';

const signingTimeOid = '1.2.840.113549.1.9.5';

export interface CmsCheck {
  /** The signer's certificate (DER), found by the SignerInfo's issuer and serial or key identifier. */
  signerCertificate: Buffer | null;
  certificates: Buffer[];
  /** The signed attributes' message digest equals the content's. */
  digestMatches: boolean;
  signatureValid: boolean;
  signedAttributeOids: string[];
  /** The signing-time attribute's value (PAdES forbids it; other signatures may carry it). */
  signingTime: Date | null;
  /** The signature value: what a signature time stamp's imprint is over. */
  signatureValue: Buffer;
  /** The signature time-stamp token (DER) among the unsigned attributes, if any. */
  timestampToken: Buffer | null;
  /** CRLs and OCSP responses the CMS carries. */
  revocation: RevocationData;
}

function attributeValue(attributes: pkijs.Attribute[] | undefined, oid: string) {
  return attributes?.find((attribute) => attribute.type === oid)?.values[0];
}

function timeOf(value: unknown): Date | null {
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime
    ? value.toDate()
    : null;
}

/**
 * Checks a CAdES (or PKCS#7 detached) SignedData over a content digest: the signer's
 * certificate, the message digest, and the signature over the signed attributes.
 */
export function checkCms(der: Buffer, contentDigest: Buffer): CmsCheck {
  const contentInfo = pkijs.ContentInfo.fromBER(toArrayBuffer(der));
  if (contentInfo.contentType !== oids.signedData) throw new Error('not a CMS SignedData');
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo || signedData.signerInfos.length !== 1)
    throw new Error('expected exactly one SignerInfo');
  const carried = carriedCertificates(signedData);
  const signerCertificate = findSigner(signerInfo, carried)?.der ?? null;

  const signedAttributes = signerInfo.signedAttrs?.attributes ?? [];
  const messageDigest = attributeValue(signedAttributes, oids.messageDigest);
  const digestMatches =
    messageDigest instanceof asn1js.OctetString &&
    Buffer.from(messageDigest.valueBlock.valueHexView).equals(contentDigest);
  const signatureValue = Buffer.from(signerInfo.signature.valueBlock.valueHexView);

  let signatureValid = false;
  if (signerCertificate && signerInfo.signedAttrs) {
    const encoded = Buffer.from(signerInfo.signedAttrs.encodedValue);
    encoded[0] = 0x31; // signed as SET OF, stored as [0] IMPLICIT
    const key = new X509Certificate(signerCertificate).publicKey;
    signatureValid = verifySignature(
      'sha256',
      encoded,
      key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key,
      signatureValue,
    );
  }
  const token = attributeValue(signerInfo.unsignedAttrs?.attributes, oids.signatureTimeStampToken);
  return {
    signerCertificate,
    certificates: carried.map((certificate) => certificate.der),
    digestMatches,
    signatureValid,
    signedAttributeOids: signedAttributes.map((attribute) => attribute.type),
    signingTime: timeOf(attributeValue(signedAttributes, signingTimeOid)),
    signatureValue,
    timestampToken: token ? Buffer.from(token.toBER(false)) : null,
    revocation: cmsRevocationData(signedData, signerInfo),
  };
}

export const forbiddenSigningTime = signingTimeOid;
