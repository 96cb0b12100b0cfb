import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  createTimestampRequest,
  createTimestampResponder,
  TimestampError,
  verifyTimestampToken,
} from '../src/timestamp/index.ts';
import { createTestTimestampAuthority } from './support/timestamp-keys.ts';

const authority = createTestTimestampAuthority();
const genTime = new Date(Math.floor(Date.now() / 1000) * 1000);
/** GeneralizedTime text of a whole-second date, as DER writes it. */
const generalizedTime = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`;
const responder = createTimestampResponder({
  certificate: authority.certificate,
  privateKey: authority.privateKey,
  chain: [authority.rootCertificate],
  clock: () => genTime,
});
const digest = createHash('sha256').update('signature value').digest();

async function issueToken(): Promise<Buffer> {
  const der = await responder.respond(createTimestampRequest(digest).der);
  const token = pkijs.TimeStampResp.fromBER(new Uint8Array(der).buffer).timeStampToken;
  if (!token) throw new Error('the responder refused');
  return Buffer.from(token.toSchema().toBER());
}

/** A copy of `token` with the first occurrence of `find` replaced by `replace` (same length). */
function tamper(token: Buffer, find: Buffer, replace: Buffer): Buffer {
  const at = token.indexOf(find);
  if (at < 0) throw new Error('nothing to tamper with');
  const copy = Buffer.from(token);
  replace.copy(copy, at);
  return copy;
}

describe('verifyTimestampToken', () => {
  it('reports what a sound token states and that it holds', async () => {
    const report = await verifyTimestampToken(await issueToken(), {
      digest,
      hashAlgorithm: 'SHA-256',
    });

    expect(report).toMatchObject({
      genTime,
      policy: '1.3.6.1.4.1.99999.1',
      imprintMatches: true,
      signatureValid: true,
      signerIsTimestampAuthority: true,
      imprint: { hashAlgorithm: 'SHA-256', digest },
    });
    expect(report.serialNumber).toMatch(/^[0-9a-f]{31,32}$/);
    expect(report.signerCertificate).toEqual(authority.certificate);
    expect(report.certificates).toEqual([authority.certificate, authority.rootCertificate]);
  });

  it('says the imprint does not match another digest, another algorithm or no digest', async () => {
    const token = await issueToken();
    const other = createHash('sha256').update('other').digest();

    expect((await verifyTimestampToken(token, { digest: other })).imprintMatches).toBe(false);
    expect(
      (await verifyTimestampToken(token, { digest, hashAlgorithm: 'SHA-512' })).imprintMatches,
    ).toBe(false);
    expect((await verifyTimestampToken(token)).imprintMatches).toBe(false);
  });

  it('finds a token whose time was altered invalid', async () => {
    const token = await issueToken();
    const backdated = new Date(genTime.getTime() - 3_600_000);
    const altered = tamper(
      token,
      Buffer.from(generalizedTime(genTime)),
      Buffer.from(generalizedTime(backdated)),
    );

    const report = await verifyTimestampToken(altered, { digest });

    expect(report.genTime).toEqual(backdated);
    expect(report.signatureValid).toBe(false);
  });

  it('finds a token whose imprint was altered invalid', async () => {
    const token = await issueToken();
    const other = createHash('sha256').update('other').digest();

    const report = await verifyTimestampToken(tamper(token, digest, other), { digest: other });

    expect(report.imprintMatches).toBe(true);
    expect(report.signatureValid).toBe(false);
  });

  it('finds a token whose signature was altered invalid', async () => {
    const token = await issueToken();
    token.writeUInt8(token.readUInt8(token.length - 1) ^ 0x80, token.length - 1);

    expect((await verifyTimestampToken(token, { digest })).signatureValid).toBe(false);
  });

  it('throws a malformed error for bytes that are no token', async () => {
    const token = await issueToken();
    for (const bytes of [
      Buffer.from('no token'),
      token.subarray(0, token.length - 10),
      authority.certificate,
    ]) {
      await expect(verifyTimestampToken(bytes)).rejects.toThrow(TimestampError);
      await expect(verifyTimestampToken(bytes)).rejects.toMatchObject({ code: 'malformed' });
    }
  });
});
