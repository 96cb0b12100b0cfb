import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPdf } from '../src/sign.ts';
import { cscSigner } from '../src/signers/csc-signer.ts';
import { startCscTestService, type CscTestService } from './support/csc-service.ts';
import { pdfLibDocument, pdfsig, testIdentity, verifyFile, workDir } from './support/fixtures.ts';
import { padesCheck } from './support/independent-check.ts';

describe('signing through a remote trust service (CSC API v2)', () => {
  const identity = testIdentity('rsa', 'Qualified Signer');
  let service: CscTestService;
  let token = '';
  beforeAll(async () => {
    service = await startCscTestService({
      credential: {
        id: 'cred-1',
        privateKey: identity.privateKey,
        certificates: [identity.certificate],
        authMode: 'explicit',
        pin: '12345',
      },
    });
    const response = await fetch(`${service.oauthUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: service.client.id,
        client_secret: service.client.secret,
      }),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  });
  afterAll(() => service.close());

  it('signs a PDF whose signature every check accepts, authorising exactly the hash signed', async () => {
    const signer = await cscSigner({
      baseUrl: service.baseUrl,
      credentialID: 'cred-1',
      accessToken: token,
      authorization: async () => ({ PIN: '12345' }),
    });
    expect(signer.algorithm).toBe('rsa-sha256');
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'out.pdf'), signer });
    expect(pdfsig(join(dir, 'out.pdf')).valid).toEqual([true]);
    expect(padesCheck(join(dir, 'out.pdf'), 'B-B').ok).toBe(true);
    const [report] = await verifyFile(join(dir, 'out.pdf'));
    expect(report).toMatchObject({ valid: true, level: 'B-B' });
    const authorize = service.calls.find((call) => call.path === 'credentials/authorize');
    const signHash = service.calls.find((call) => call.path === 'signatures/signHash');
    expect(authorize?.body.hashes).toEqual(signHash?.body.hashes);
    expect(authorize?.body.numSignatures).toBe(1);
  });

  it('fails with the service’s own words when the PIN is wrong', async () => {
    const signer = await cscSigner({
      baseUrl: service.baseUrl,
      credentialID: 'cred-1',
      accessToken: token,
      authorization: async () => ({ PIN: '00000' }),
    });
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await expect(
      signPdf({ input: join(dir, 'in.pdf'), output: join(dir, 'out.pdf'), signer }),
    ).rejects.toThrow(/invalid_pin: The PIN is invalid/);
  });

  it('refuses an unknown credential and a missing token', async () => {
    await expect(
      cscSigner({ baseUrl: service.baseUrl, credentialID: 'nope', accessToken: token }),
    ).rejects.toThrow(/credentialID/);
    await expect(
      cscSigner({ baseUrl: service.baseUrl, credentialID: 'cred-1', accessToken: 'stolen' }),
    ).rejects.toThrow(/401/);
  });
});
