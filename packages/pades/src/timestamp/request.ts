import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encode, isObjectIdentifier, toArrayBuffer } from './asn1.ts';
import { imprintHashByName, type TimestampHashAlgorithm } from './algorithms.ts';

export interface TimestampRequestOptions {
  hashAlgorithm?: TimestampHashAlgorithm;
  /** Read as an unsigned big-endian number when a Buffer; 8 random bytes when left out. */
  nonce?: bigint | Buffer;
  /** Ask the TSA to include its certificate in the token (default true). */
  certReq?: boolean;
  /** The TSA policy (an OID) to request; the TSA's default when left out. */
  policy?: string;
}

export interface TimestampRequest {
  /** DER of the TimeStampReq, ready to POST as application/timestamp-query. */
  der: Buffer;
  /** The nonce sent (non-negative), for matching the reply. */
  nonce: bigint;
}

/** A DER TimeStampReq v1 over `digest`, with a nonce; throws if the digest length does not fit the algorithm. */
export function createTimestampRequest(
  digest: Buffer,
  options: TimestampRequestOptions = {},
): TimestampRequest {
  const { hashAlgorithm = 'SHA-256', certReq = true, policy } = options;
  const hash = imprintHashByName(hashAlgorithm);
  if (digest.length !== hash.length) {
    throw new RangeError(
      `a ${hashAlgorithm} digest has ${hash.length} bytes, not ${digest.length}`,
    );
  }
  if (policy !== undefined && !isObjectIdentifier(policy)) {
    throw new TypeError(`policy must be an object identifier, not ${JSON.stringify(policy)}`);
  }
  const nonce = toNonce(options.nonce ?? randomBytes(8));
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      // RFC 5754: the SHA-2 AlgorithmIdentifier has no parameters.
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: hash.oid }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(digest) }),
    }),
    nonce: asn1js.Integer.fromBigInt(nonce),
    certReq,
    ...(policy === undefined ? {} : { reqPolicy: policy }),
  });
  return { der: encode(request.toSchema()), nonce };
}

function toNonce(value: bigint | Buffer): bigint {
  const nonce = typeof value === 'bigint' ? value : BigInt(`0x${value.toString('hex') || '0'}`);
  if (nonce < 0n) throw new RangeError('a nonce must not be negative');
  return nonce;
}
