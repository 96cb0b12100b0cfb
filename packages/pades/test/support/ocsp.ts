import { createHash, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { PkiCredential } from '../../src/pki/index.ts';

const sha256 = '2.16.840.1.101.3.4.2.1';
const ecdsaWithSha256 = '1.2.840.10045.4.3.2';
const basicOcsp = '1.3.6.1.5.5.7.48.1.1';

const parse = (der: Buffer) => pkijs.Certificate.fromBER(new Uint8Array(der));
const octets = (bytes: Buffer) =>
  new asn1js.OctetString({ valueHex: new Uint8Array(bytes).buffer });

/** The CertID (RFC 6960 §4.1.1, SHA-256) naming `certificate` as issued by `issuer`. */
function certId(certificate: pkijs.Certificate, issuer: pkijs.Certificate): pkijs.CertID {
  const hash = (data: ArrayBuffer | Uint8Array) =>
    createHash('sha256').update(new Uint8Array(data)).digest();
  return new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: sha256 }),
    issuerNameHash: octets(hash(issuer.subject.toSchema().toBER(false))),
    issuerKeyHash: octets(
      hash(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    ),
    serialNumber: certificate.serialNumber,
  });
}

/**
 * A successful OCSPResponse (DER) signed by `issuer` (an EC CA of the test PKI), saying that
 * `certificate` is good, or revoked at the given time, from `thisUpdate` for a day.
 */
export function createOcspResponse(options: {
  certificate: Buffer;
  issuer: PkiCredential;
  status: 'good' | { revokedAt: Date };
  thisUpdate?: Date;
}): Buffer {
  const issuer = parse(options.issuer.certificate);
  const thisUpdate = options.thisUpdate ?? new Date();
  const certStatus =
    options.status === 'good'
      ? new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } })
      : new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 1 },
          value: [new asn1js.GeneralizedTime({ valueDate: options.status.revokedAt })],
        });
  const data = new pkijs.ResponseData({
    responderID: issuer.subject,
    producedAt: thisUpdate,
    responses: [
      new pkijs.SingleResponse({
        certID: certId(parse(options.certificate), issuer),
        certStatus,
        thisUpdate,
        nextUpdate: new Date(thisUpdate.getTime() + 86_400_000),
      }),
    ],
  });
  const tbs = Buffer.from(data.toSchema(true).toBER(false));
  data.tbsView = new Uint8Array(tbs);
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData: data,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: ecdsaWithSha256 }),
    signature: new asn1js.BitString({
      valueHex: new Uint8Array(sign('sha256', tbs, options.issuer.privateKey)).buffer,
    }),
  });
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: basicOcsp,
      response: octets(Buffer.from(basic.toSchema().toBER(false))),
    }),
  });
  return Buffer.from(response.toSchema().toBER(false));
}
