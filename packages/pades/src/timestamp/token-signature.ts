import { createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encode, timestampOids } from './asn1.ts';
import { digestNameByOid, verificationHash } from './algorithms.ts';
import { essNamesCertificate } from './ess.ts';
import { TimestampError } from './errors.ts';

/** True when the SignerInfo names this certificate, by issuer and serial number or by key identifier. */
function signerIdentifies(signerInfo: pkijs.SignerInfo, certificate: pkijs.Certificate): boolean {
  const sid: unknown = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificate.issuer.isEqual(sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber)
    );
  }
  const keyIdentifier = subjectKeyIdentifierOf(sid);
  if (!keyIdentifier) return false;
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === '2.5.29.14');
  const declared = extension
    ? asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result
    : undefined;
  if (
    declared instanceof asn1js.OctetString &&
    keyIdentifier.equals(Buffer.from(declared.valueBlock.valueHexView))
  ) {
    return true;
  }
  const keyBits = certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  return keyIdentifier.equals(createHash('sha1').update(keyBits).digest());
}

/**
 * The candidate the SignerInfo names; failing that, the only one with the sid's serial: some
 * writers (node-forge) re-encode the issuer's strings in the sid, so its bytes differ from the
 * certificate's though the name is the same. The signature check then proves the key.
 */
export function findSigner<T extends { parsed: pkijs.Certificate }>(
  signerInfo: pkijs.SignerInfo,
  candidates: T[],
): T | undefined {
  const named = candidates.find((candidate) => signerIdentifies(signerInfo, candidate.parsed));
  const sid: unknown = signerInfo.sid;
  if (named || !(sid instanceof pkijs.IssuerAndSerialNumber)) return named;
  const sameSerial = candidates.filter((candidate) =>
    candidate.parsed.serialNumber.isEqual(sid.serialNumber),
  );
  return sameSerial.length === 1 ? sameSerial[0] : undefined;
}

function subjectKeyIdentifierOf(sid: unknown): Buffer | undefined {
  if (sid instanceof asn1js.Constructed) {
    const inner = sid.valueBlock.value[0];
    return inner instanceof asn1js.OctetString
      ? Buffer.from(inner.valueBlock.valueHexView)
      : undefined;
  }
  return sid instanceof asn1js.Primitive ? Buffer.from(sid.valueBlock.valueHexView) : undefined;
}

function attributeValue(signerInfo: pkijs.SignerInfo, type: string): unknown {
  const matches = (signerInfo.signedAttrs?.attributes ?? []).filter(
    (attribute) => attribute.type === type,
  );
  const values: unknown[] = matches[0]?.values ?? [];
  return matches.length === 1 && values.length === 1 ? values[0] : undefined;
}

/**
 * True when the token's CMS signature holds: signed content-type TSTInfo, message-digest over the
 * TSTInfo, an ESS signing-certificate naming `certificate`, and a signature its key verifies.
 * Throws `unsupported` for algorithms we cannot check (rather than calling them invalid).
 */
export function tokenSignatureVerifies(
  signerInfo: pkijs.SignerInfo,
  tstInfo: Buffer,
  certificate: Buffer,
): boolean {
  const signedAttributes = signerInfo.signedAttrs;
  if (!signedAttributes) return false;
  const digestName = digestNameByOid(signerInfo.digestAlgorithm.algorithmId);
  const signatureOid = signerInfo.signatureAlgorithm.algorithmId;
  let hash: string | null;
  try {
    if (!digestName)
      throw new Error(`unsupported digest algorithm ${signerInfo.digestAlgorithm.algorithmId}`);
    hash = verificationHash(signatureOid, digestName);
  } catch (error) {
    throw new TimestampError(
      'unsupported',
      `cannot check the token: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const contentType = attributeValue(signerInfo, timestampOids.contentType);
  const messageDigest = attributeValue(signerInfo, timestampOids.messageDigest);
  if (
    !(contentType instanceof asn1js.ObjectIdentifier) ||
    contentType.getValue() !== timestampOids.tstInfo
  )
    return false;
  if (!(messageDigest instanceof asn1js.OctetString)) return false;
  if (
    !createHash(digestName)
      .update(tstInfo)
      .digest()
      .equals(Buffer.from(messageDigest.valueBlock.valueHexView))
  ) {
    return false;
  }
  if (!essNamesCertificate(signedAttributes.attributes, certificate)) return false;
  const key = new X509Certificate(certificate).publicKey;
  try {
    return verify(
      hash,
      Buffer.from(signedAttributes.encodedValue),
      key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key,
      Buffer.from(signerInfo.signature.valueBlock.valueHexView),
    );
  } catch {
    return false;
  }
}

/** The DER of every X.509 certificate the SignedData carries, in order. */
export function carriedCertificates(
  signedData: pkijs.SignedData,
): { der: Buffer; parsed: pkijs.Certificate }[] {
  return (signedData.certificates ?? [])
    .filter((certificate) => certificate instanceof pkijs.Certificate)
    .map((parsed) => ({ der: encode(parsed.toSchema()), parsed }));
}
