import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeExternalSignature, prepareExternalSignature } from '../src/external-signature.ts';
import { cscAlgorithms, readCscCredential, signCscHash } from '../src/signers/csc-api.ts';
import { startCscTestService, type CscTestService } from './support/csc-service.ts';
import { authorizeAsSigner } from './support/csc-signer-browser.ts';
import { pdfLibDocument, pdfsig, verifyFile, workDir } from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const redirectUri = 'http://portal.invalid/api/sign/qualified/callback';

let service: CscTestService;
let pki: TestPki;
beforeAll(async () => {
  [service, pki] = await Promise.all([startCscTestService(), createTestPki()]);
});
afterAll(() => service.close());

/** The portal's side of OAuth2 for one hash: the authorize URL and, later, the code exchange. */
function authorization(hash: Buffer) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(`${service.oauthUrl}/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: service.client.id,
    redirect_uri: redirectUri,
    scope: 'credential',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    credentialID: service.credential.id,
    numSignatures: '1',
    hashes: hash.toString('base64url'),
    hashAlgorithmOID: cscAlgorithms.sha256,
  }).toString();
  const exchange = async (code: string, codeVerifier = verifier) => {
    const response = await fetch(`${service.oauthUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        client_id: service.client.id,
        client_secret: service.client.secret,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  return { url: url.href, state, exchange };
}

async function serviceToken(): Promise<string> {
  const response = await fetch(`${service.oauthUrl}/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
    headers: {
      Authorization: `Basic ${Buffer.from(`${service.client.id}:${service.client.secret}`).toString('base64')}`,
    },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function codeFor(url: string): Promise<string> {
  const { redirect } = await authorizeAsSigner(url);
  return redirect?.searchParams.get('code') ?? '';
}

describe('a qualified signature authorised by the signer at the trust service (CSC oauth2code)', () => {
  it('signs exactly the authorised hash, once, and the PDF verifies up to the test qualified root', async () => {
    const base = { baseUrl: service.baseUrl, accessToken: await serviceToken() };
    const credential = await readCscCredential(base, service.credential.id);
    expect(credential.authMode).toBe('oauth2code');
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    const path = join(dir, 'signed.pdf');
    const { state, dataToBeSignedHash } = await prepareExternalSignature({
      input: join(dir, 'in.pdf'),
      output: path,
      certificate: credential.certificate,
      chain: credential.chain,
      level: 'B-T',
    });

    const flow = authorization(dataToBeSignedHash);
    const { redirect } = await authorizeAsSigner(flow.url);
    expect(redirect?.searchParams.get('state')).toBe(flow.state);
    const token = await flow.exchange(redirect?.searchParams.get('code') ?? '');
    expect(token.status).toBe(200);
    const withToken = { baseUrl: service.baseUrl, accessToken: token.body.access_token ?? '' };
    const request = { credentialID: credential.credentialID, signAlgo: credential.signAlgo };
    const value = await signCscHash(withToken, { ...request, hash: dataToBeSignedHash });
    await completeExternalSignature(path, state, value, { timestamp: pki.timestamp });

    expect(pdfsig(path).valid).toEqual([true]);
    // The signature time stamp counts only when its TSA (the portal's) is trusted too.
    const [report] = await verifyFile(path, [service.root, pki.root]);
    expect(report).toMatchObject({ valid: true, level: 'B-T', chainTrusted: true });
    await expect(signCscHash(withToken, { ...request, hash: dataToBeSignedHash })).rejects.toThrow(
      /401/,
    );
  });

  it('refuses to sign a hash the signer did not authorise', async () => {
    const flow = authorization(randomBytes(32));
    const token = await flow.exchange(await codeFor(flow.url));
    const withToken = { baseUrl: service.baseUrl, accessToken: token.body.access_token ?? '' };
    await expect(
      signCscHash(withToken, {
        credentialID: service.credential.id,
        signAlgo: cscAlgorithms.sha256WithRsa,
        hash: randomBytes(32),
      }),
    ).rejects.toThrow('SAD does not authorise these hashes');
  });

  it('refuses a code with the wrong PKCE verifier, and a code twice', async () => {
    const flow = authorization(randomBytes(32));
    const code = await codeFor(flow.url);
    expect(await flow.exchange(code, 'x'.repeat(43))).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect((await flow.exchange(code)).status).toBe(400);
  });

  it('sends the signer back with access_denied when they cancel or type a wrong code three times', async () => {
    const cancelled = authorization(randomBytes(32));
    const answer = await authorizeAsSigner(cancelled.url, { cancel: true });
    expect(answer.redirect?.searchParams.get('error')).toBe('access_denied');
    expect(answer.redirect?.searchParams.get('state')).toBe(cancelled.state);

    const guessed = authorization(randomBytes(32));
    const first = await authorizeAsSigner(guessed.url, { otp: '000000x' });
    expect(first.status).toBe(400);
    expect(first.html).toContain('The one-time code is wrong.');
    const page = await fetch(guessed.url).then((response) => response.text());
    const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
    let last: Response | undefined;
    for (let attempt = 0; attempt < 3; attempt += 1)
      last = await fetch(`${service.oauthUrl}/authorize`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ request, otp: 'wrong', action: 'authorise' }),
      });
    expect(new URL(last?.headers.get('location') ?? '').searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('shows an error page, not a redirect, for an unknown client', async () => {
    const url = new URL(authorization(randomBytes(32)).url);
    url.searchParams.set('client_id', 'someone-else');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
