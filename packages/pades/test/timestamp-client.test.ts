import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTimestampResponder,
  requestLocalTimestamp,
  requestTimestamp,
  TimestampError,
  verifyTimestampToken,
} from '../src/timestamp/index.ts';
import { createTestTimestampAuthority } from './support/timestamp-keys.ts';
import {
  serveResponder,
  startTestTsaServer,
  type TestTsaHandler,
  type TestTsaServer,
} from './support/timestamp-server.ts';

const authority = createTestTimestampAuthority();
const responder = createTimestampResponder({
  certificate: authority.certificate,
  privateKey: authority.privateKey,
});
const respond = (query: Buffer) => responder.respond(query);
const digest = createHash('sha256').update('a signature value').digest();
const fast = { retryDelayMs: 10 };

const servers: TestTsaServer[] = [];
async function tsa(handler: TestTsaHandler): Promise<TestTsaServer> {
  const server = await startTestTsaServer(handler);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const parseQuery = (query: Buffer) => pkijs.TimeStampReq.fromBER(new Uint8Array(query).buffer);
const encodeQuery = (request: pkijs.TimeStampReq) => Buffer.from(request.toSchema().toBER());

/** Expects `promise` to reject with a TimestampError of `code` whose message matches `message`. */
async function expectFailure(
  promise: Promise<unknown>,
  code: string,
  message: RegExp,
): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TimestampError);
  expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
}

describe('requestTimestamp', () => {
  it('gets a token over the digest and the nonce it sent', async () => {
    let sentNonce: bigint | undefined;
    const server = await tsa(async (query, request) => {
      sentNonce = parseQuery(query).nonce?.toBigInt();
      return serveResponder(respond)(query, request);
    });

    const token = await requestTimestamp(server.url, digest);

    const report = await verifyTimestampToken(token, { digest, hashAlgorithm: 'SHA-256' });
    expect(report).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      signerIsTimestampAuthority: true,
    });
    expect(report.nonce).toBe(sentNonce);
    expect(report.signerCertificate).toEqual(authority.certificate);
  });

  it('time-stamps SHA-512 digests too', async () => {
    const server = await tsa(serveResponder(respond));
    const sha512 = createHash('sha512').update('a signature value').digest();

    const token = await requestTimestamp(server.url, sha512, { hashAlgorithm: 'SHA-512' });

    const report = await verifyTimestampToken(token, { digest: sha512, hashAlgorithm: 'SHA-512' });
    expect(report.imprint.hashAlgorithm).toBe('SHA-512');
    expect(report.imprintMatches).toBe(true);
  });

  it('refuses a token that carries another nonce than the one sent', async () => {
    const server = await tsa(async (query) => {
      const request = parseQuery(query);
      request.nonce = asn1js.Integer.fromBigInt((request.nonce?.toBigInt() ?? 0n) + 1n);
      return { status: 200, body: await respond(encodeQuery(request)) };
    });

    await expectFailure(requestTimestamp(server.url, digest), 'mismatch', /another nonce/);
  });

  it('refuses a token over another imprint than the digest sent', async () => {
    const server = await tsa(async (query) => {
      const request = parseQuery(query);
      const other = createHash('sha256').update('something else').digest();
      request.messageImprint.hashedMessage = new asn1js.OctetString({
        valueHex: new Uint8Array(other).buffer,
      });
      return { status: 200, body: await respond(encodeQuery(request)) };
    });

    await expectFailure(requestTimestamp(server.url, digest), 'mismatch', /another imprint/);
  });

  it('refuses a token whose signature was altered', async () => {
    const server = await tsa(async (query) => {
      const reply = await respond(query);
      // The SignerInfo's signature value ends the reply; its last byte is inside the value.
      reply.writeUInt8(reply.readUInt8(reply.length - 1) ^ 0x01, reply.length - 1);
      return { status: 200, body: reply };
    });

    await expectFailure(
      requestTimestamp(server.url, digest),
      'invalid-signature',
      /does not verify/,
    );
  });

  it("reports a refusal with the TSA's status text and does not retry it", async () => {
    const server = await tsa(serveResponder(respond));

    await expectFailure(
      requestTimestamp(server.url, digest, { policy: '1.2.3.4', ...fast }),
      'refused',
      /refused the request: rejection \(unacceptedPolicy\) "policy 1\.2\.3\.4 is not offered/,
    );
    expect(server.requestCount).toBe(1);
  });

  it('retries after an HTTP 500 and returns the token of the next attempt', async () => {
    let calls = 0;
    const server = await tsa(async (query, request) => {
      calls++;
      if (calls === 1) return { status: 500, contentType: 'text/plain', body: Buffer.from('busy') };
      return serveResponder(respond)(query, request);
    });

    const token = await requestTimestamp(server.url, digest, fast);

    expect((await verifyTimestampToken(token, { digest })).imprintMatches).toBe(true);
    expect(server.requestCount).toBe(2);
  });

  it('retries after the TSA drops the connection', async () => {
    let calls = 0;
    const server = await tsa(async (query, request) => {
      calls++;
      if (calls === 1) return 'drop';
      return serveResponder(respond)(query, request);
    });

    const token = await requestTimestamp(server.url, digest, fast);

    expect((await verifyTimestampToken(token, { digest })).imprintMatches).toBe(true);
    expect(server.requestCount).toBe(2);
  });

  it('gives up after the last retry and names the last cause', async () => {
    const server = await tsa(async () => ({
      status: 503,
      contentType: 'text/plain',
      body: Buffer.from('down'),
    }));

    await expectFailure(
      requestTimestamp(server.url, digest, { retries: 2, ...fast }),
      'unavailable',
      /3 time\(s\), last: HTTP 503/,
    );
    expect(server.requestCount).toBe(3);
  });

  it('retries a TSA that cannot be reached and says why', async () => {
    const closed = await startTestTsaServer(serveResponder(respond));
    await closed.close();

    await expectFailure(
      requestTimestamp(closed.url, digest, { retries: 1, ...fast }),
      'unavailable',
      /ECONNREFUSED/,
    );
  });

  it('does not retry a 404 or a reply of another content type', async () => {
    const missing = await tsa(async () => ({
      status: 404,
      contentType: 'text/html',
      body: Buffer.from('no'),
    }));
    await expectFailure(requestTimestamp(missing.url, digest, fast), 'http', /HTTP 404/);
    expect(missing.requestCount).toBe(1);

    const html = await tsa(async () => ({
      status: 200,
      contentType: 'text/html',
      body: Buffer.from('<p>hi'),
    }));
    await expectFailure(
      requestTimestamp(html.url, digest, fast),
      'http',
      /text\/html, not a time-stamp reply/,
    );
  });

  it('names the TSA in its errors without the query its address carries (a token)', async () => {
    const missing = await tsa(async () => ({ status: 404, body: Buffer.from('no') }));
    const withSecrets = new URL(missing.url);
    withSecrets.search = '?token=abc123';
    const error: unknown = await requestTimestamp(withSecrets.href, digest, fast).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TimestampError);
    const { message } = error as TimestampError;
    expect(message).toContain(
      `TSA http://${withSecrets.host}${withSecrets.pathname} answered HTTP 404`,
    );
    expect(message).not.toContain('abc123');
  });

  it('refuses a reply that is not a TimeStampResp', async () => {
    const server = await tsa(async () => ({ status: 200, body: Buffer.from('garbage') }));

    await expectFailure(requestTimestamp(server.url, digest), 'malformed', /not a TimeStampResp/);
  });

  it('stops waiting for a TSA that never answers once timeoutMs has passed', async () => {
    const server = await tsa(async () => 'hang');
    const started = performance.now();

    await expectFailure(
      requestTimestamp(server.url, digest, { timeoutMs: 300 }),
      'timeout',
      /no time stamp within 300 ms/,
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(300 + 700);
  });

  it('counts retries and pauses inside timeoutMs', async () => {
    const server = await tsa(async () => ({
      status: 500,
      contentType: 'text/plain',
      body: Buffer.from('busy'),
    }));
    const started = performance.now();

    await expectFailure(
      requestTimestamp(server.url, digest, { timeoutMs: 400, retries: 10, retryDelayMs: 200 }),
      'timeout',
      /within 400 ms/,
    );
    expect(performance.now() - started).toBeLessThan(400 + 700);
  });
});

describe('requestLocalTimestamp', () => {
  it('gets a checked token from the in-process responder, without HTTP', async () => {
    const token = await requestLocalTimestamp(responder, digest);

    const report = await verifyTimestampToken(token, { digest, hashAlgorithm: 'SHA-256' });
    expect(report).toMatchObject({ imprintMatches: true, signatureValid: true });
  });

  it("passes on the responder's refusal as a refused error", async () => {
    const expired = createTimestampResponder({
      certificate: authority.certificate,
      privateKey: authority.privateKey,
      clock: () => new Date(Date.now() + 400 * 24 * 3600 * 1000),
    });

    await expectFailure(
      requestLocalTimestamp(expired, digest),
      'refused',
      /the local TSA refused the request: rejection \(systemFailure\) "the TSA certificate is not valid now"/,
    );
  });
});
