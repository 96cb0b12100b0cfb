import { createHash, randomBytes, type X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { parseCertificate } from '../cms/cades.ts';
import { encode, toArrayBuffer } from '../timestamp/asn1.ts';
import { ocspVerdict } from '../verify/ocsp-status.ts';
import type { RevocationVerdict } from '../verify/revocation-data.ts';
import { fetchResource, type FetchPolicy } from './fetch-resource.ts';

const sha1 = '1.3.14.3.2.26';
const nonceOid = '1.3.6.1.5.5.7.48.1.2';
const basicOcsp = '1.3.6.1.5.5.7.48.1.1';
const statusNames = [
  'successful',
  'malformedRequest',
  'internalError',
  'tryLater',
  '',
  'sigRequired',
  'unauthorized',
];

const octets = (bytes: Uint8Array) => new asn1js.OctetString({ valueHex: toArrayBuffer(bytes) });

/**
 * The CertID naming `certificate` as issued by `issuer` (RFC 6960 §4.1.1). It uses SHA-1,
 * which every responder answers (RFC 5019 §2.1.1 lets lightweight ones know no other); it
 * only names the certificate, the response's own signature is what is trusted.
 */
function certIdFor(certificate: pkijs.Certificate, issuer: pkijs.Certificate): pkijs.CertID {
  const hash = (data: Uint8Array) => createHash('sha1').update(data).digest();
  return new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: sha1,
      algorithmParams: new asn1js.Null(),
    }),
    issuerNameHash: octets(hash(new Uint8Array(issuer.subject.toSchema().toBER(false)))),
    issuerKeyHash: octets(
      hash(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    ),
    serialNumber: certificate.serialNumber,
  });
}

/** An OCSP request (DER) for one certificate, with a nonce. */
export function createOcspRequest(
  certificate: X509Certificate,
  issuer: X509Certificate,
): { der: Buffer; nonce: Buffer } {
  const nonce = randomBytes(16);
  const request = new pkijs.OCSPRequest();
  request.tbsRequest.requestList = [
    new pkijs.Request({
      reqCert: certIdFor(parseCertificate(certificate.raw), parseCertificate(issuer.raw)),
    }),
  ];
  request.tbsRequest.requestExtensions = [
    new pkijs.Extension({ extnID: nonceOid, extnValue: octets(nonce).toBER(false) }),
  ];
  return { der: encode(request.toSchema(true)), nonce };
}

/** The BasicOCSPResponse of a successful OCSPResponse; throws saying what the responder answered otherwise. */
function basicResponseOf(der: Buffer): pkijs.BasicOCSPResponse {
  const response = pkijs.OCSPResponse.fromBER(toArrayBuffer(der));
  const status = response.responseStatus.valueBlock.valueDec;
  if (status !== 0)
    throw new Error(`the responder answered ${statusNames[status] || `status ${status}`}`);
  const bytes = response.responseBytes;
  if (bytes?.responseType !== basicOcsp) throw new Error('the answer is no basic OCSP response');
  return pkijs.BasicOCSPResponse.fromBER(bytes.response.valueBlock.valueHexView);
}

/** A nonce the response carries must be ours (a responder may leave it out, RFC 6960 §4.4.1). */
function nonceMatches(response: pkijs.BasicOCSPResponse, nonce: Buffer): boolean {
  const extension = response.tbsResponseData.responseExtensions?.find(
    (item) => item.extnID === nonceOid,
  );
  if (!extension) return true;
  const value = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result;
  const inner =
    value instanceof asn1js.OctetString ? Buffer.from(value.valueBlock.valueHexView) : null;
  return (inner ?? Buffer.from(extension.extnValue.valueBlock.valueHexView)).equals(nonce);
}

/**
 * Asks the OCSP responder at `url` (HTTP POST, RFC 6960 Appendix A) about `certificate` and
 * answers the response (DER) with what it says at `at`; throws unless it is a successful
 * response signed by the issuer or its responder, about this certificate, current at `at`.
 */
export async function requestOcsp(
  url: string,
  certificate: X509Certificate,
  issuer: X509Certificate,
  at: Date,
  policy: FetchPolicy,
): Promise<{ der: Buffer; verdict: RevocationVerdict }> {
  const request = createOcspRequest(certificate, issuer);
  const der = await fetchResource(url, policy, {
    body: request.der,
    contentType: 'application/ocsp-request',
  });
  let basic: pkijs.BasicOCSPResponse;
  try {
    basic = basicResponseOf(der);
  } catch (error) {
    throw new Error(`no OCSP response: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!nonceMatches(basic, request.nonce))
    throw new Error('the OCSP response answers another request (nonce)');
  const verdict = ocspVerdict(
    basic,
    parseCertificate(certificate.raw),
    { node: issuer, parsed: parseCertificate(issuer.raw) },
    at,
  );
  if (!verdict)
    throw new Error(
      'the OCSP response is not signed by the issuer, or says nothing current of the certificate',
    );
  return { der, verdict };
}
