import * as pkijs from 'pkijs';
import { parseSingleElement, timestampOids } from './asn1.ts';
import {
  imprintHashByName,
  imprintHashByOid,
  type ImprintHash,
  type TimestampHashAlgorithm,
} from './algorithms.ts';
import { TimestampError } from './errors.ts';
import { carriedCertificates, findSigner, tokenSignatureVerifies } from './token-signature.ts';
import { isTimestampingCertificate, parseCertificate } from './tsa-certificate.ts';

export interface VerifyTimestampTokenOptions {
  /** The digest the token should be over; without it `imprintMatches` is false. */
  digest?: Buffer;
  /** The algorithm of `digest`; when left out, only the digest bytes are compared. */
  hashAlgorithm?: TimestampHashAlgorithm;
  /** Certificates (DER) to find the signer among when the token does not carry it (certReq false). */
  certificates?: Buffer[];
}

export interface TimestampTokenReport {
  genTime: Date;
  /** The token's serial number, lowercase hexadecimal without leading zeros. */
  serialNumber: string;
  policy: string;
  /** The TSA certificate that signed the token (DER). */
  signerCertificate: Buffer;
  imprintMatches: boolean;
  /** The CMS signature, message digest and ESS signing-certificate all check out against `signerCertificate`. */
  signatureValid: boolean;
  /**
   * The imprint as the token states it; `hashAlgorithm` is a name when known, else the OID;
   * `hash` is that algorithm when we support it, else null.
   */
  imprint: { hashAlgorithm: string; hash: ImprintHash | null; digest: Buffer };
  nonce: bigint | undefined;
  /** Every certificate the token carries (DER), for validation data (PAdES B-LT). */
  certificates: Buffer[];
  /** The signer certificate has the critical extended key usage timeStamping and no other. */
  signerIsTimestampAuthority: boolean;
}

/**
 * Reads an RFC 3161 token (DER ContentInfo) and reports what it states and whether its
 * signature holds; throws `TimestampError` (`malformed`) when it is no token or names no signer
 * we have. It checks no chain of trust: that is the caller's, from `signerCertificate`.
 */
export async function verifyTimestampToken(
  tokenDer: Buffer,
  options: VerifyTimestampTokenOptions = {},
): Promise<TimestampTokenReport> {
  const { signedData, tstInfo, content } = parseToken(tokenDer);
  const [signerInfo, ...otherSigners] = signedData.signerInfos;
  if (!signerInfo || otherSigners.length > 0) {
    throw new TimestampError('malformed', 'a time-stamp token must have exactly one signer');
  }
  const carried = carriedCertificates(signedData);
  const supplied = (options.certificates ?? []).map((der) => ({
    der,
    parsed: parseCertificate(der),
  }));
  const signer = findSigner(signerInfo, [...carried, ...supplied]);
  if (!signer) {
    throw new TimestampError(
      'malformed',
      "the token does not carry its signer's certificate and none was given",
    );
  }
  const imprintOid = tstInfo.messageImprint.hashAlgorithm.algorithmId;
  const imprintHash = imprintHashByOid(imprintOid) ?? null;
  const imprintDigest = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
  const { digest, hashAlgorithm } = options;
  return {
    genTime: tstInfo.genTime,
    serialNumber: tstInfo.serialNumber.toBigInt().toString(16),
    policy: tstInfo.policy,
    signerCertificate: signer.der,
    imprintMatches:
      digest !== undefined &&
      digest.equals(imprintDigest) &&
      (hashAlgorithm === undefined || imprintHashByName(hashAlgorithm).oid === imprintOid),
    signatureValid: tokenSignatureVerifies(signerInfo, content, signer.der),
    imprint: {
      hashAlgorithm: imprintHash?.name ?? imprintOid,
      hash: imprintHash,
      digest: imprintDigest,
    },
    nonce: tstInfo.nonce?.toBigInt(),
    certificates: carried.map((certificate) => certificate.der),
    signerIsTimestampAuthority: isTimestampingCertificate(signer.parsed),
  };
}

function parseToken(tokenDer: Buffer): {
  signedData: pkijs.SignedData;
  tstInfo: pkijs.TSTInfo;
  content: Buffer;
} {
  try {
    const contentInfo = new pkijs.ContentInfo({
      schema: parseSingleElement(tokenDer, 'the token'),
    });
    if (contentInfo.contentType !== timestampOids.signedData)
      throw new Error('it is not CMS SignedData');
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    const { eContentType, eContent } = signedData.encapContentInfo;
    if (eContentType !== timestampOids.tstInfo)
      throw new Error(`it holds ${eContentType}, not a TSTInfo`);
    if (!eContent) throw new Error('its TSTInfo is missing');
    const content = Buffer.from(eContent.getValue());
    const tstInfo = new pkijs.TSTInfo({ schema: parseSingleElement(content, 'the TSTInfo') });
    return { signedData, tstInfo, content };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TimestampError('malformed', `not an RFC 3161 time-stamp token: ${reason}`, {
      cause: error,
    });
  }
}
