import { createHash, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { digestNameByOid } from '../timestamp/algorithms.ts';
import { signatureHolds, signedBy, speaksFor, type RevocationVerdict } from './revocation-data.ts';

const ocspSigning = '1.3.6.1.5.5.7.3.9';

/** The key that signed the response: the issuer's own, or a responder it certified for OCSP signing. */
function responderVerifies(response: pkijs.BasicOCSPResponse, issuer: X509Certificate): boolean {
  const { tbsView } = response.tbsResponseData;
  const holds = (certificate: X509Certificate) =>
    signatureHolds(tbsView, response.signatureAlgorithm, response.signature, certificate.publicKey);
  if (holds(issuer)) return true;
  return (response.certs ?? []).some((carried) => {
    try {
      const responder = new X509Certificate(Buffer.from(carried.toSchema().toBER(false)));
      return (
        responder.checkIssued(issuer) &&
        responder.verify(issuer.publicKey) &&
        (responder.keyUsage ?? []).includes(ocspSigning) &&
        holds(responder)
      );
    } catch {
      return false;
    }
  });
}

/** True when the CertID names `certificate` as issued by `issuer` (RFC 6960 §4.1.1). */
function namesCertificate(
  certId: pkijs.CertID,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
): boolean {
  const hash = digestNameByOid(certId.hashAlgorithm.algorithmId);
  if (!hash || !certId.serialNumber.isEqual(certificate.serialNumber)) return false;
  const digest = (data: ArrayBuffer | Uint8Array) =>
    createHash(hash).update(new Uint8Array(data)).digest();
  const nameHash = digest(issuer.subject.toSchema().toBER(false));
  const keyHash = digest(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
  return (
    nameHash.equals(Buffer.from(certId.issuerNameHash.valueBlock.valueHexView)) &&
    keyHash.equals(Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView))
  );
}

function revocationTime(status: unknown): Date | null {
  const inner = status instanceof asn1js.Constructed ? status.valueBlock.value[0] : undefined;
  return inner instanceof asn1js.GeneralizedTime ? inner.toDate() : null;
}

/**
 * What an OCSP response says of `certificate` at `at`; null unless it is signed by the issuer
 * (or its OCSP responder), names the certificate, was current at `at` and is good or revoked.
 */
export function ocspVerdict(
  response: pkijs.BasicOCSPResponse,
  certificate: pkijs.Certificate,
  issuer: { node: X509Certificate; parsed: pkijs.Certificate },
  at: Date,
): RevocationVerdict | null {
  const single = response.tbsResponseData.responses.find(
    (candidate) =>
      namesCertificate(candidate.certID, certificate, issuer.parsed) &&
      speaksFor(at, candidate.thisUpdate, candidate.nextUpdate),
  );
  if (!single || !signedBy(response, issuer.node, () => responderVerifies(response, issuer.node)))
    return null;
  const tag = (single.certStatus as { idBlock?: { tagNumber?: number } }).idBlock?.tagNumber;
  const issued = {
    source: 'OCSP' as const,
    thisUpdate: single.thisUpdate,
    nextUpdate: single.nextUpdate,
  };
  if (tag === 0) return { status: 'good', revokedAt: null, ...issued };
  if (tag !== 1) return null;
  const revokedAt = revocationTime(single.certStatus);
  if (!revokedAt) return null;
  return { status: revokedAt <= at ? 'revoked' : 'good', revokedAt, ...issued };
}
