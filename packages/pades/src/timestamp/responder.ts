import { createPublicKey, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encode, isObjectIdentifier, parseSingleElement, toArrayBuffer } from './asn1.ts';
import { imprintHashByOid, signatureAlgorithmFor } from './algorithms.ts';
import { encodeFailureInfo, type FailureInfo } from './status.ts';
import { signTstInfo, type TokenSigner } from './token.ts';
import { isTimestampingCertificate, parseCertificate } from './tsa-certificate.ts';

/**
 * The default TSA policy: a placeholder under a private-enterprise arc, not a registered policy.
 * An operator with its own arc (or a published TSA policy) passes `policyOid` instead.
 */
export const placeholderTimestampPolicy = '1.3.6.1.4.1.99999.1';

export interface TimestampResponderOptions {
  /** The TSA certificate (DER), with the critical extended key usage timeStamping. */
  certificate: Buffer;
  /** The TSA certificate's private key: ECDSA or RSA. */
  privateKey: KeyObject;
  /** Issuing certificates (DER) sent along with the TSA certificate when a request asks for it. */
  chain?: Buffer[];
  /** The policy every token is issued under; defaults to {@link placeholderTimestampPolicy}. */
  policyOid?: string;
  /** The accuracy claimed for genTime, in whole seconds (default 1). */
  accuracySeconds?: number;
  clock?: () => Date;
}

export interface TimestampResponder {
  /** Answers a DER TimeStampReq with a DER TimeStampResp: a token, or a rejection saying why. */
  respond(requestDer: Buffer): Promise<Buffer>;
}

type CheckedRequest = { request: pkijs.TimeStampReq } | { failure: FailureInfo; text: string };

/** A responder that grants well-formed SHA-256/384/512 requests; throws now if the key, certificate or options are unfit. */
export function createTimestampResponder(options: TimestampResponderOptions): TimestampResponder {
  const {
    policyOid = placeholderTimestampPolicy,
    accuracySeconds = 1,
    clock = () => new Date(),
  } = options;
  const signer = checkSigner(options);
  if (!isObjectIdentifier(policyOid)) throw new TypeError(`policyOid ${policyOid} is not an OID`);
  if (!Number.isInteger(accuracySeconds) || accuracySeconds < 1) {
    throw new RangeError('accuracySeconds must be a whole number of seconds, at least 1');
  }
  const validity = new X509Certificate(options.certificate);
  return {
    async respond(requestDer) {
      const checked = checkRequest(requestDer, policyOid);
      if ('failure' in checked) return rejection(checked.failure, checked.text);
      const genTime = clock();
      if (!(genTime >= new Date(validity.validFrom) && genTime <= new Date(validity.validTo))) {
        return rejection('systemFailure', 'the TSA certificate is not valid now');
      }
      const { request } = checked;
      const tstInfo = new pkijs.TSTInfo({
        version: 1,
        policy: policyOid,
        messageImprint: request.messageImprint,
        serialNumber: new asn1js.Integer({ valueHex: toArrayBuffer(randomSerialNumber()) }),
        genTime,
        accuracy: new pkijs.Accuracy({ seconds: accuracySeconds }),
        ...(request.nonce ? { nonce: request.nonce } : {}),
      });
      const token = signTstInfo(encode(tstInfo.toSchema()), signer, request.certReq === true);
      const status = new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted });
      return encode(new pkijs.TimeStampResp({ status, timeStampToken: token }).toSchema());
    },
  };
}

function checkSigner(options: TimestampResponderOptions): TokenSigner {
  const { certificate, privateKey, chain = [] } = options;
  const parsedCertificate = parseCertificate(certificate, 'the TSA certificate');
  if (!isTimestampingCertificate(parsedCertificate)) {
    throw new Error(
      'the TSA certificate needs a critical extended key usage with timeStamping as its only purpose',
    );
  }
  if (privateKey.type !== 'private') throw new TypeError('privateKey must be a private key');
  signatureAlgorithmFor(privateKey);
  const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });
  if (!spki(createPublicKey(privateKey)).equals(spki(new X509Certificate(certificate).publicKey))) {
    throw new Error('privateKey does not belong to the TSA certificate');
  }
  return {
    certificate,
    parsedCertificate,
    privateKey,
    chain: chain.map((der, index) => parseCertificate(der, `chain certificate ${index + 1}`)),
  };
}

function checkRequest(der: Buffer, policyOid: string): CheckedRequest {
  let request: pkijs.TimeStampReq;
  try {
    request = new pkijs.TimeStampReq({ schema: parseSingleElement(der, 'the request') });
  } catch {
    return { failure: 'badDataFormat', text: 'the request is not a DER TimeStampReq' };
  }
  if (request.version !== 1)
    return { failure: 'badDataFormat', text: `version ${request.version} is not 1` };
  const algorithm = request.messageImprint.hashAlgorithm.algorithmId;
  const hash = imprintHashByOid(algorithm);
  if (!hash)
    return {
      failure: 'badAlg',
      text: `hash algorithm ${algorithm} is not one of SHA-256, SHA-384, SHA-512`,
    };
  if (request.messageImprint.hashedMessage.valueBlock.valueHexView.length !== hash.length) {
    return {
      failure: 'badDataFormat',
      text: `the ${hash.name} imprint must have ${hash.length} bytes`,
    };
  }
  if (request.reqPolicy !== undefined && request.reqPolicy !== policyOid) {
    return {
      failure: 'unacceptedPolicy',
      text: `policy ${request.reqPolicy} is not offered; ${policyOid} is`,
    };
  }
  if (request.extensions?.length)
    return { failure: 'unacceptedExtension', text: 'no request extensions are supported' };
  return { request };
}

function rejection(failure: FailureInfo, text: string): Buffer {
  const status = new pkijs.PKIStatusInfo({
    status: pkijs.PKIStatus.rejection,
    statusStrings: [new asn1js.Utf8String({ value: text })],
    failInfo: encodeFailureInfo(failure),
  });
  return encode(new pkijs.TimeStampResp({ status }).toSchema());
}

/** 16 random bytes read as a positive integer whose DER takes exactly 16 bytes. */
function randomSerialNumber(): Buffer {
  const serial = randomBytes(16);
  serial.writeUInt8((serial.readUInt8(0) & 0x7f) | 0x40, 0);
  return serial;
}
