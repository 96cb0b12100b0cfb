import { createHash, generateKeyPairSync } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  createTimestampRequest,
  createTimestampResponder,
  placeholderTimestampPolicy,
  verifyTimestampToken,
} from '../src/timestamp/index.ts';
import { createTestTimestampAuthority } from './support/timestamp-keys.ts';

const authority = createTestTimestampAuthority();
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const responder = createTimestampResponder({
  certificate: authority.certificate,
  privateKey: authority.privateKey,
  chain: [authority.rootCertificate],
  clock: () => now,
});
const digest = createHash('sha256').update('document').digest();

const arrayBuffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;
const derOf = (value: { toBER(): ArrayBuffer } | undefined) =>
  Buffer.from(value ? value.toBER() : new ArrayBuffer(0));
const parseReply = (reply: Buffer) => pkijs.TimeStampResp.fromBER(arrayBuffer(reply));
const tokenOf = (reply: Buffer) => derOf(parseReply(reply).timeStampToken?.toSchema());

function signedDataOf(reply: Buffer): pkijs.SignedData {
  const token = parseReply(reply).timeStampToken;
  if (!token) throw new Error('no token in the reply');
  return new pkijs.SignedData({ schema: token.content });
}

function tstInfoOf(reply: Buffer): pkijs.TSTInfo {
  const content = signedDataOf(reply).encapContentInfo.eContent;
  if (!content) throw new Error('no TSTInfo in the token');
  return pkijs.TSTInfo.fromBER(content.getValue());
}

function sha1Request(): Buffer {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '1.3.14.3.2.26' }),
      hashedMessage: new asn1js.OctetString({
        valueHex: arrayBuffer(createHash('sha1').update('x').digest()),
      }),
    }),
  });
  return Buffer.from(request.toSchema().toBER());
}

describe('the time-stamp responder', () => {
  it('grants a request with a TSTInfo that copies the imprint and nonce', async () => {
    const request = createTimestampRequest(digest);

    const reply = await responder.respond(request.der);

    expect(parseReply(reply).status.status).toBe(pkijs.PKIStatus.granted);
    const tstInfo = tstInfoOf(reply);
    expect(tstInfo.version).toBe(1);
    expect(tstInfo.policy).toBe(placeholderTimestampPolicy);
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      digest,
    );
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(tstInfo.nonce?.toBigInt()).toBe(request.nonce);
    expect(tstInfo.genTime).toEqual(now);
    expect(tstInfo.accuracy?.seconds).toBe(1);
    expect(tstInfo.ordering).toBeUndefined();
  });

  it('gives every token a positive 16-byte serial number of its own', async () => {
    const serials = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const serial = tstInfoOf(
        await responder.respond(createTimestampRequest(digest).der),
      ).serialNumber;
      expect(serial.valueBlock.valueHexView.length).toBe(16);
      expect(serial.toBigInt() > 0n).toBe(true);
      serials.add(serial.toBigInt().toString(16));
    }
    expect(serials.size).toBe(10);
  });

  it('signs content-type, message-digest and signing-certificate-v2, and nothing else', async () => {
    const signedData = signedDataOf(await responder.respond(createTimestampRequest(digest).der));

    expect(signedData.encapContentInfo.eContentType).toBe('1.2.840.113549.1.9.16.1.4');
    const [signerInfo] = signedData.signerInfos;
    const types = signerInfo?.signedAttrs?.attributes.map((attribute) => attribute.type);
    expect(types?.sort()).toEqual(
      ['1.2.840.113549.1.9.16.2.47', '1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4'].sort(),
    );
    expect(signerInfo?.unsignedAttrs).toBeUndefined();
  });

  it('includes its certificate and chain when asked, and none otherwise', async () => {
    const withCertificates = await responder.respond(createTimestampRequest(digest).der);
    const withoutCertificates = await responder.respond(
      createTimestampRequest(digest, { certReq: false }).der,
    );

    expect(signedDataOf(withCertificates).certificates).toHaveLength(2);
    expect(signedDataOf(withoutCertificates).certificates).toBeUndefined();
    const report = await verifyTimestampToken(tokenOf(withoutCertificates), {
      digest,
      certificates: [authority.certificate],
    });
    expect(report).toMatchObject({ signatureValid: true, imprintMatches: true, certificates: [] });
  });

  it.each(['SHA-384', 'SHA-512'] as const)('grants %s imprints', async (hashAlgorithm) => {
    const longer = createHash(hashAlgorithm.replace('-', '').toLowerCase())
      .update('document')
      .digest();

    const reply = await responder.respond(createTimestampRequest(longer, { hashAlgorithm }).der);

    const report = await verifyTimestampToken(tokenOf(reply), { digest: longer, hashAlgorithm });
    expect(report).toMatchObject({ imprintMatches: true, signatureValid: true });
  });

  it('signs with an RSA key too', async () => {
    const rsa = createTestTimestampAuthority({ keyType: 'rsa' });
    const rsaResponder = createTimestampResponder({
      certificate: rsa.certificate,
      privateKey: rsa.privateKey,
    });

    const reply = await rsaResponder.respond(createTimestampRequest(digest).der);

    expect(signedDataOf(reply).signerInfos[0]?.signatureAlgorithm.algorithmId).toBe(
      '1.2.840.113549.1.1.11',
    );
    expect((await verifyTimestampToken(tokenOf(reply), { digest })).signatureValid).toBe(true);
  });
});

describe('the time-stamp responder refuses', () => {
  const refusal = async (requestDer: Buffer) => {
    const reply = parseReply(await responder.respond(requestDer));
    return {
      status: reply.status.status,
      failInfo: derOf(reply.status.failInfo).toString('hex'),
      text: reply.status.statusStrings?.map((line) => line.valueBlock.value).join(' '),
      token: reply.timeStampToken,
    };
  };

  it('a malformed request with rejection and badDataFormat', async () => {
    for (const malformed of [
      Buffer.from('not a request'),
      createTimestampRequest(digest).der.subarray(0, 20),
    ]) {
      expect(await refusal(malformed)).toEqual({
        status: pkijs.PKIStatus.rejection,
        failInfo: '03020204',
        text: 'the request is not a DER TimeStampReq',
        token: undefined,
      });
    }
  });

  it('a SHA-1 imprint with rejection and badAlg', async () => {
    expect(await refusal(sha1Request())).toMatchObject({
      status: pkijs.PKIStatus.rejection,
      failInfo: '03020780',
      text: expect.stringContaining('1.3.14.3.2.26 is not one of SHA-256, SHA-384, SHA-512'),
    });
  });

  it('a policy it does not offer with unacceptedPolicy', async () => {
    expect(await refusal(createTimestampRequest(digest, { policy: '1.2.3' }).der)).toMatchObject({
      status: pkijs.PKIStatus.rejection,
      failInfo: '0303000001',
    });
  });

  it('while its certificate is not valid, with systemFailure', async () => {
    const late = createTimestampResponder({
      certificate: authority.certificate,
      privateKey: authority.privateKey,
      clock: () => new Date(Date.now() + 400 * 24 * 3600 * 1000),
    });
    const reply = parseReply(await late.respond(createTimestampRequest(digest).der));
    expect(reply.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(derOf(reply.status.failInfo).toString('hex')).toBe('03050600000040');
  });

  it('to start with a certificate whose timeStamping usage is not critical', () => {
    const lax = createTestTimestampAuthority({ extendedKeyUsage: 'timeStamping' });
    expect(() =>
      createTimestampResponder({ certificate: lax.certificate, privateKey: lax.privateKey }),
    ).toThrow(/critical extended key usage/);
  });

  it('to start with a key that is not the certificate’s', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() =>
      createTimestampResponder({ certificate: authority.certificate, privateKey }),
    ).toThrow(/does not belong to the TSA certificate/);
  });
});
