import { execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOcsp } from '../src/ltv/ocsp-client.ts';
import { toPem } from '../src/pki/credential.ts';
import { startOcspResponder, serialOf, type TestOcspResponder } from './support/ocsp-responder.ts';
import { workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

let pki: TestPki;
let responder: TestOcspResponder;
beforeAll(async () => {
  pki = await createTestPki();
  responder = await startOcspResponder(pki.pki.issuing);
});
afterAll(() => responder.close());

const pem = (der: Buffer) => toPem(der, 'CERTIFICATE');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** An OpenSSL date as its CA index writes them: YYMMDDHHMMSSZ. */
const indexDate = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';

describe('OCSP (RFC 6960) against OpenSSL', () => {
  it('our test responder answers `openssl ocsp` with a response it verifies: good, then revoked', async () => {
    const dir = workDir();
    const { credential } = await pki.issue('Maija Meikäläinen');
    writeFileSync(join(dir, 'cert.pem'), pem(credential.certificate));
    writeFileSync(join(dir, 'issuer.pem'), pki.pki.issuing.certificatePem);
    writeFileSync(join(dir, 'root.pem'), pki.pki.root.certificatePem);
    // Asynchronously: the responder answers from this process.
    const ask = async () =>
      (
        await promisify(execFile)(
          'openssl',
          ['ocsp', '-issuer', join(dir, 'issuer.pem'), '-cert', join(dir, 'cert.pem')]
            .concat(['-url', responder.url, '-CAfile', join(dir, 'root.pem')])
            .concat(['-verify_other', join(dir, 'issuer.pem')]),
          { encoding: 'utf8', timeout: 10_000 },
        )
      ).stdout;
    responder.statuses.set(serialOf(credential.certificate), 'good');
    expect(await ask()).toMatch(/cert\.pem: good/);
    responder.statuses.set(serialOf(credential.certificate), {
      revokedAt: new Date(Date.now() - 60_000),
    });
    expect(await ask()).toMatch(/cert\.pem: revoked/);
  });

  it('our client asks `openssl ocsp` as a responder and reads its signed answers', async () => {
    const dir = workDir();
    const good = await pki.issue('Maija Meikäläinen');
    const revoked = await pki.issue('Pekka Puupää');
    const revokedAt = new Date(Date.now() - 3_600_000);
    const expires = indexDate(new Date(Date.now() + 86_400_000));
    const line = (status: string, revokedOn: string, der: Buffer) =>
      [status, expires, revokedOn, new X509Certificate(der).serialNumber, 'unknown', '/CN=x'].join(
        '\t',
      );
    writeFileSync(
      join(dir, 'index.txt'),
      `${line('V', '', good.credential.certificate)}\n${line('R', indexDate(revokedAt), revoked.credential.certificate)}\n`,
    );
    writeFileSync(join(dir, 'issuer.pem'), pki.pki.issuing.certificatePem);
    writeFileSync(
      join(dir, 'issuer.key'),
      String(pki.pki.issuing.privateKey.export({ type: 'pkcs8', format: 'pem' })),
    );
    const port = await freePort();
    const server = spawn(
      'openssl',
      // OpenSSL's responder listens on every address; our client asks 127.0.0.1 only.
      ['ocsp', '-index', join(dir, 'index.txt'), '-port', String(port)]
        .concat(['-rsigner', join(dir, 'issuer.pem'), '-rkey', join(dir, 'issuer.key')])
        .concat(['-CA', join(dir, 'issuer.pem'), '-ndays', '1']),
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        server.stderr.on('data', (chunk: Buffer) => {
          if (String(chunk).includes('waiting for OCSP client connections')) resolve();
        });
        server.on('exit', (code) => reject(new Error(`openssl ocsp ended (${code})`)));
      });
      const issuer = new X509Certificate(pki.pki.issuing.certificate);
      const url = `http://127.0.0.1:${port}/`;
      const at = new Date();
      const goodAnswer = await requestOcsp(
        url,
        new X509Certificate(good.credential.certificate),
        issuer,
        at,
        {},
      );
      expect(goodAnswer.verdict).toMatchObject({ status: 'good', source: 'OCSP' });
      const revokedAnswer = await requestOcsp(
        url,
        new X509Certificate(revoked.credential.certificate),
        issuer,
        at,
        {},
      );
      expect(revokedAnswer.verdict).toMatchObject({ status: 'revoked' });
      expect(revokedAnswer.verdict.revokedAt?.getTime()).toBe(
        Math.floor(revokedAt.getTime() / 1000) * 1000,
      );
    } finally {
      server.kill();
    }
  });
});
