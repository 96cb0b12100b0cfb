import { createHash, sign, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { KeyCredential } from '../../src/pki/index.ts';

const basicOcsp = '1.3.6.1.5.5.7.48.1.1';
const nonceOid = '1.3.6.1.5.5.7.48.1.2';
const hashes: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const signatureOids = { ec: '1.2.840.10045.4.3.2', rsa: '1.2.840.113549.1.1.11' };

export type OcspStatus = 'good' | { revokedAt: Date };

export interface TestOcspResponder {
  /** The responder's URL, e.g. http://127.0.0.1:PORT/ocsp */
  url: string;
  /** What it says of each serial (hex, lowercase, as node:crypto prints it uppercase); 'unknown' for others. */
  statuses: Map<string, OcspStatus>;
  /** The serials asked about, in order. */
  readonly asked: string[];
  /** Answer this status instead of a response (e.g. 3, tryLater), or null for real answers. */
  failWith: number | null;
  close(): Promise<void>;
}

const octets = (bytes: Uint8Array) =>
  new asn1js.OctetString({ valueHex: new Uint8Array(bytes).slice().buffer });

/** True when the CertID names a certificate of `issuer` (RFC 6960 §4.1.1), in any hash it uses. */
function fromIssuer(certId: pkijs.CertID, issuer: pkijs.Certificate): boolean {
  const hash = hashes[certId.hashAlgorithm.algorithmId];
  if (!hash) return false;
  const digest = (data: Uint8Array) => createHash(hash).update(data).digest();
  return (
    digest(new Uint8Array(issuer.subject.toSchema().toBER(false))).equals(
      Buffer.from(certId.issuerNameHash.valueBlock.valueHexView),
    ) &&
    digest(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).equals(
      Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView),
    )
  );
}

function statusValue(status: OcspStatus | undefined): asn1js.BaseBlock {
  if (status === undefined) return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } });
  if (status === 'good') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 1 },
    value: [new asn1js.GeneralizedTime({ valueDate: status.revokedAt })],
  });
}

const failure = (status: number) =>
  Buffer.from(
    new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: status }) })
      .toSchema()
      .toBER(false),
  );

/**
 * The DER OCSPResponse to one DER OCSPRequest about certificates of `issuer`, signed by the
 * issuer itself (RFC 6960 §4.2.2.2): what `statuses` says of each serial, 'unknown' of others.
 */
export function answerOcspRequest(
  requestDer: Buffer,
  issuer: KeyCredential,
  statuses: Map<string, OcspStatus>,
  asked: string[] = [],
) {
  let request: pkijs.OCSPRequest;
  try {
    request = pkijs.OCSPRequest.fromBER(new Uint8Array(requestDer).slice().buffer);
  } catch {
    return failure(1); // malformedRequest
  }
  const parsedIssuer = pkijs.Certificate.fromBER(new Uint8Array(issuer.certificate).slice().buffer);
  const ids = request.tbsRequest.requestList.map((item) => item.reqCert);
  if (ids.length === 0 || !ids.every((id) => fromIssuer(id, parsedIssuer))) return failure(6); // unauthorized
  const now = new Date();
  const responses = ids.map((certID) => {
    const serial = Buffer.from(certID.serialNumber.valueBlock.valueHexView)
      .toString('hex')
      .replace(/^(00)+/, '');
    asked.push(serial);
    return new pkijs.SingleResponse({
      certID,
      certStatus: statusValue(statuses.get(serial)),
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + 3_600_000),
    });
  });
  const nonce = request.tbsRequest.requestExtensions?.find((item) => item.extnID === nonceOid);
  const data = new pkijs.ResponseData({
    responderID: parsedIssuer.subject,
    producedAt: now,
    responses,
    ...(nonce ? { responseExtensions: [nonce] } : {}),
  });
  const tbs = Buffer.from(data.toSchema(true).toBER(false));
  data.tbsView = new Uint8Array(tbs);
  const ec = issuer.privateKey.asymmetricKeyType === 'ec';
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData: data,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: ec ? signatureOids.ec : signatureOids.rsa,
      ...(ec ? {} : { algorithmParams: new asn1js.Null() }),
    }),
    signature: new asn1js.BitString({
      valueHex: new Uint8Array(sign('sha256', tbs, issuer.privateKey)).slice().buffer,
    }),
  });
  return Buffer.from(
    new pkijs.OCSPResponse({
      responseStatus: new asn1js.Enumerated({ value: 0 }),
      responseBytes: new pkijs.ResponseBytes({
        responseType: basicOcsp,
        response: octets(new Uint8Array(basic.toSchema().toBER(false))),
      }),
    })
      .toSchema()
      .toBER(false),
  );
}

async function requestBody(request: IncomingMessage): Promise<Buffer> {
  if (request.method === 'GET') {
    // RFC 6960 Appendix A.1: GET {url}/{url-encoding of base-64 encoding of the DER request}
    const path = decodeURIComponent((request.url ?? '').replace(/^\/ocsp\/?/, ''));
    return Buffer.from(path, 'base64');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An OCSP responder (RFC 6960, over HTTP POST and GET, Appendix A) on 127.0.0.1 for the
 * certificates `issuer` issued: it answers each request with a response signed by the
 * issuer's key, saying what `statuses` says of each serial ('unknown' when not listed),
 * current for an hour, echoing the request's nonce.
 */
export async function startOcspResponder(issuer: KeyCredential): Promise<TestOcspResponder> {
  const statuses = new Map<string, OcspStatus>();
  const asked: string[] = [];
  const state = { failWith: null as number | null };
  const server = createServer((request, response) => {
    void requestBody(request).then((body) => {
      const post = request.method === 'POST';
      if (post && request.headers['content-type'] !== 'application/ocsp-request') {
        response.writeHead(415).end();
        return;
      }
      const der =
        state.failWith === null
          ? answerOcspRequest(body, issuer, statuses, asked)
          : failure(state.failWith);
      response.writeHead(200, { 'content-type': 'application/ocsp-response' });
      response.end(der);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ocsp`,
    statuses,
    asked,
    get failWith() {
      return state.failWith;
    },
    set failWith(value) {
      state.failWith = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The serial of a certificate (DER) as the responder's `statuses` keys it: lowercase hex, no leading zeros. */
export const serialOf = (der: Buffer) =>
  new X509Certificate(der).serialNumber.toLowerCase().replace(/^(00)+/, '');
