import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholderTimestampPolicy } from '@esign/pades';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { rateLimits } from '../src/http/rate-limit.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)("the portal's trust services on %s", (kind) => {
  const context = useTestApp(kind, {
    PKI_PASSPHRASE: 'a long enough test passphrase',
    TSA_PUBLIC: 'true',
    TSA_POLICY_OID: '1.2.246.999.7.1',
  });
  const dir = mkdtempSync(join(tmpdir(), 'esign-trust-'));
  const pem = async (name: string) => {
    const response = await context.app.inject({ url: `/api/pki/${name}.pem` });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('answers an RFC 3161 request that openssl verifies up to the portal root', async () => {
    writeFileSync(join(dir, 'data.bin'), randomBytes(4096));
    execFileSync('openssl', [
      'ts',
      '-query',
      '-data',
      join(dir, 'data.bin'),
      '-sha256',
      '-cert',
      '-out',
      join(dir, 'query.tsq'),
    ]);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: readFileSync(join(dir, 'query.tsq')),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/timestamp-reply');
    writeFileSync(join(dir, 'reply.tsr'), response.rawPayload);
    writeFileSync(join(dir, 'root.pem'), await pem('root'));
    writeFileSync(join(dir, 'untrusted.pem'), (await pem('issuing')) + (await pem('tsa')));
    const verified = execFileSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-data',
        join(dir, 'data.bin'),
        '-in',
        join(dir, 'reply.tsr'),
        '-CAfile',
        join(dir, 'root.pem'),
        '-untrusted',
        join(dir, 'untrusted.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(verified).toContain('Verification: OK');
    // Under the operator's policy, not the placeholder arc.
    const text = execFileSync('openssl', ['ts', '-reply', '-in', join(dir, 'reply.tsr'), '-text'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/Policy OID: 1\.2\.246\.999\.7\.1\b/);
  });

  it('refuses a request that is not a time-stamp query', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('not asn.1'),
    });
    expect(response.statusCode).toBe(200);
    writeFileSync(join(dir, 'bad.tsr'), response.rawPayload);
    const text = execFileSync('openssl', ['ts', '-reply', '-in', join(dir, 'bad.tsr'), '-text'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/Status: Rejected/);
  });

  it('publishes CRLs signed by its CAs', async () => {
    for (const [name, issuer] of [
      ['issuing', 'issuing'],
      ['root', 'root'],
    ]) {
      const response = await context.app.inject({ url: `/api/pki/${name}.crl` });
      expect(response.headers['content-type']).toBe('application/pkix-crl');
      writeFileSync(join(dir, `${name}.crl`), response.rawPayload);
      writeFileSync(join(dir, `${issuer}-ca.pem`), await pem(issuer ?? 'root'));
      const out = execFileSync(
        'openssl',
        [
          'crl',
          '-inform',
          'DER',
          '-in',
          join(dir, `${name}.crl`),
          '-CAfile',
          join(dir, `${issuer}-ca.pem`),
          '-noout',
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toBe('');
    }
  });

  it('keeps one PKI in the database: a second node built over it has the same root', async () => {
    const again = await buildApp({ config: context.config, database: context.database.handle });
    await again.ready();
    const root = (await again.inject({ url: '/api/pki/root.pem' })).body;
    await again.close();
    expect(root).toBe(await pem('root'));
    const stored = await context.database.handle.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'pki:portal-pki.json')
      .executeTakeFirstOrThrow();
    expect(stored.value).toContain('ENCRYPTED PRIVATE KEY');
    expect(stored.value).not.toContain('BEGIN PRIVATE KEY');
  });
});

describe('the time-stamp authority, closed and open', () => {
  const closed = useTestApp('sqlite');
  const open = useTestApp('sqlite', { TSA_PUBLIC: 'true' });
  const query = () => {
    const dir = mkdtempSync(join(tmpdir(), 'esign-tsa-'));
    writeFileSync(join(dir, 'data.bin'), randomBytes(64));
    execFileSync('openssl', [
      'ts',
      ...['-query', '-data', join(dir, 'data.bin'), '-sha256', '-out', join(dir, 'q.tsq')],
    ]);
    return readFileSync(join(dir, 'q.tsq'));
  };
  const stamp = (app: FastifyInstance, payload: Buffer, remoteAddress = '192.0.2.44') =>
    app.inject({
      method: 'POST',
      url: '/api/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload,
      remoteAddress,
    });

  it('gives a stranger who asks for a time stamp no time stamp unless TSA_PUBLIC is set', async () => {
    expect(closed.app.hasRoute({ method: 'POST', url: '/api/tsa' })).toBe(false);
    const response = await stamp(closed.app, query());
    // No route: the XSRF check that only the TSA route was exempt from refuses it first.
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(closed.config.tsaPolicyOid).toBe(placeholderTimestampPolicy);
  });

  it('refuses a client that asks for more than its share of time stamps a minute when open', async () => {
    const payload = query();
    for (let index = 0; index < rateLimits.timestamp.max; index += 1)
      expect((await stamp(open.app, payload)).statusCode).toBe(200);
    const refused = await stamp(open.app, payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await stamp(open.app, payload, '192.0.2.45')).statusCode).toBe(200);
  });
});
