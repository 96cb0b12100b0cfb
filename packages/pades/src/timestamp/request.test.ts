import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { createTimestampRequest } from './request.ts';

const parse = (der: Buffer) => pkijs.TimeStampReq.fromBER(new Uint8Array(der).buffer);
const sha256 = createHash('sha256').update('data').digest();

describe('createTimestampRequest', () => {
  it('encodes a v1 SHA-256 request with the digest, a nonce and certReq', () => {
    const { der, nonce } = createTimestampRequest(sha256);
    const request = parse(der);
    expect(request.version).toBe(1);
    expect(request.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(Buffer.from(request.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      sha256,
    );
    expect(request.nonce?.toBigInt()).toBe(nonce);
    expect(request.certReq).toBe(true);
    expect(request.reqPolicy).toBeUndefined();
  });

  it('draws a fresh non-negative nonce each time', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => createTimestampRequest(sha256).nonce));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce >= 0n && nonce < 2n ** 64n).toBe(true);
  });

  it('uses a given nonce, policy and algorithm and leaves certReq out when false', () => {
    const sha384 = createHash('sha384').update('data').digest();
    const { der, nonce } = createTimestampRequest(sha384, {
      hashAlgorithm: 'SHA-384',
      nonce: Buffer.from('ff00ff00ff00ff00', 'hex'),
      certReq: false,
      policy: '1.2.3.4',
    });
    const request = parse(der);
    expect(nonce).toBe(0xff00ff00ff00ff00n);
    expect(request.nonce?.toBigInt()).toBe(0xff00ff00ff00ff00n);
    expect(request.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.2');
    expect(request.reqPolicy).toBe('1.2.3.4');
    expect(request.certReq).toBeUndefined();
  });

  it('refuses a digest whose length does not fit the algorithm', () => {
    expect(() => createTimestampRequest(sha256, { hashAlgorithm: 'SHA-512' })).toThrow(
      /64 bytes, not 32/,
    );
  });

  it('refuses a policy that is not an object identifier', () => {
    expect(() => createTimestampRequest(sha256, { policy: 'gold' })).toThrow(/object identifier/);
  });
});
