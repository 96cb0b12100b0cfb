import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidPersonalIdentityCode, parsePersonalIdentityCode } from '@esign/contract';
import type { Kysely } from 'kysely';
import Provider from 'oidc-provider';
import type * as client from 'openid-client';
import { afterAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../src/auth/identity.ts';
import { ConfigError } from '../src/config/config-error.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Database } from '../src/db/schema.ts';
import { SignerIdentificationError } from '../src/signing/identify/identification-error.ts';
import {
  completeSignerIdentification,
  startSignerIdentification,
  type SignerIdentificationDeps,
} from '../src/signing/identify/signer-identification.ts';
import { identityMatchesSigner } from '../src/signing/identify/verified-identity.ts';
import { systemClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { ProviderBrowser } from './support/external-oidc-provider.ts';
import { useTestApp, type TestContext } from './support/test-app.ts';

const pathOf = (url: URL | string) => {
  const parsed = new URL(url, 'http://app.invalid');
  return `${parsed.pathname}${parsed.search}`;
};

/** A sender, a sent flow asking for Advanced, and one signer in it; answers the signer. */
async function insertSigner(db: Kysely<Database>, signer: { name: string; email: string }) {
  const now = new Date().toISOString();
  const ownerId = randomUUID();
  const flowId = randomUUID();
  const signerId = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: ownerId,
      issuer: 'test',
      subject: ownerId,
      email: `sender-${ownerId}@example.com`,
      display_name: 'Sender',
      organisation: null,
      title: null,
      is_admin: false,
      created_at: now,
      last_login_at: now,
    })
    .execute();
  await db
    .insertInto('sign_flows')
    .values({
      id: flowId,
      owner_id: ownerId,
      group_id: null,
      name: 'Sopimus',
      name_search: 'sopimus',
      note: null,
      status: 'Sent',
      signature_process: 'Concurrent',
      minimum_signature_level: 'Advanced',
      inspector_email: null,
      reminder_interval_days: null,
      cancellation_comment: null,
      language: 'fi',
      created_at: now,
      updated_at: now,
      sent_at: now,
      cancelled_at: null,
      finished_at: null,
      rejected_at: null,
      last_status_query_at: null,
      auto_delete_at: null,
      working_file_id: null,
      failure_reason: null,
    })
    .execute();
  await db
    .insertInto('sign_flow_signers')
    .values({
      id: signerId,
      flow_id: flowId,
      position: 0,
      name: signer.name,
      email: signer.email,
      organisation: null,
      role: null,
      status: 'Unsigned',
    })
    .execute();
  return { id: signerId, ...signer };
}

/** The browser goes to the provider, logs in at the built-in login form and comes back. */
async function logInAtBuiltinProvider(
  browser: TestClient,
  authorizationUrl: string,
  email: string,
  password: string,
) {
  const form = await browser.follow(await browser.get(pathOf(authorizationUrl)));
  expect(form.headers['content-type']).toMatch(/text\/html/); // the web app's login form
  const submitted = await browser.post(`${browser.lastLocation}/login`, { email, password });
  expect(submitted.statusCode).toBe(200);
  let response = await browser.get(pathOf(submitted.json<{ location: string }>().location));
  while (String(response.headers.location).includes('/idp/')) {
    response = await browser.get(pathOf(String(response.headers.location)));
  }
  expect(response.statusCode).toBe(303);
  return new URL(String(response.headers.location));
}

/**
 * A strong-authentication provider of its own, on its own port (as a national one would
 * be): the code in the claim nationalIdentificationNumber under the scope national_id,
 * profile claims only from userinfo, oidc-provider's development login and consent.
 */
async function startSignerProvider(accounts: Record<string, Record<string, unknown>>) {
  let handle: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'esign-signers',
        client_secret: 'signer-client-secret',
        redirect_uris: ['http://localhost:3000/api/sign/identify/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...key.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }] },
    scopes: ['openid', 'email', 'profile', 'national_id'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      national_id: ['nationalIdentificationNumber'],
    },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_context, sub) =>
      accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
  });
  handle = provider.callback();
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const refusal = (returnToken: string | null) =>
  expect.objectContaining({
    code: 'validation',
    status: 400,
    key: 'signing.errors.identificationFailed',
    returnToken,
  });

describe.each(databaseKinds)('identifying a signer at the built-in provider on %s', (kind) => {
  const context = useTestApp(kind);
  let customFetch: client.CustomFetch | undefined;
  const deps = (extra: Partial<SignerIdentificationDeps> = {}): SignerIdentificationDeps => {
    customFetch ??= injectFetch(context.app);
    return {
      db: context.database.handle.db,
      config: context.config,
      clock: systemClock,
      customFetch,
      ...extra,
    };
  };
  const signerOf = (ctx: TestContext) =>
    insertSigner(ctx.database.handle.db, { name: 'Ville Virtanen', email: 'User2@Example.com' });
  const pendingStates = async (signerId: string) =>
    (
      await context.database.handle.db
        .selectFrom('signer_auth_states')
        .select('state')
        .where('signer_id', '=', signerId)
        .execute()
    ).length;

  it('sends the signer to a fresh login with PKCE, state and nonce', async () => {
    const signer = await signerOf(context);
    const url = new URL(await startSignerIdentification(deps(), signer.id, 'link-token'));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/idp/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'esign-signer-identification',
      redirect_uri: 'http://localhost:3000/api/sign/identify/callback',
      response_type: 'code',
      scope: 'openid email profile personal_identity_code',
      prompt: 'login',
      max_age: '0',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const stored = await context.database.handle.db
      .selectFrom('signer_auth_states')
      .selectAll()
      .where('state', '=', url.searchParams.get('state') ?? '')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ signer_id: signer.id, kind: 'oidc' });
    // The link token is kept sealed: the database alone opens no signing link.
    expect(stored.payload).not.toContain('link-token');
  });

  it('proves the signer with a test identity and refuses the same callback again', async () => {
    const signer = await signerOf(context);
    const authorizationUrl = await startSignerIdentification(deps(), signer.id, 'link-token-1');
    const browser = new TestClient(context.app);
    const callback = await logInAtBuiltinProvider(
      browser,
      authorizationUrl,
      'user2@example.com',
      'user2-demo',
    );
    expect(callback.origin + callback.pathname).toBe(
      'http://localhost:3000/api/sign/identify/callback',
    );

    const result = await completeSignerIdentification(deps(), callback);
    expect(result).toEqual({
      signerId: signer.id,
      returnToken: 'link-token-1',
      identity: {
        method: 'oidc',
        issuer: 'http://localhost:3000/idp',
        subject: expect.any(String),
        name: 'Ville Virtanen',
        email: 'user2@example.com',
        personalIdentityCode: '240587Y9033',
      },
    });
    expect(isValidPersonalIdentityCode(result.identity.personalIdentityCode ?? '')).toBe(true);
    expect(parsePersonalIdentityCode('240587Y9033')?.temporary).toBe(true);
    expect(identityMatchesSigner(result.identity, signer)).toBe(true);
    expect(await pendingStates(signer.id)).toBe(0);

    await expect(completeSignerIdentification(deps(), callback)).rejects.toEqual(refusal(null));
  });

  it('asks for the password again for the next signature, though the provider remembers the browser', async () => {
    const signer = await signerOf(context);
    const browser = new TestClient(context.app);
    for (const token of ['first', 'second']) {
      const url = await startSignerIdentification(deps(), signer.id, token);
      const callback = await logInAtBuiltinProvider(
        browser,
        url,
        'user2@example.com',
        'user2-demo',
      );
      expect((await completeSignerIdentification(deps(), callback)).returnToken).toBe(token);
    }
  });

  it('tells apart a signer who logged in as someone else', async () => {
    const signer = await signerOf(context);
    const url = await startSignerIdentification(deps(), signer.id, 'link-token');
    const browser = new TestClient(context.app);
    const callback = await logInAtBuiltinProvider(browser, url, 'user@example.com', 'user-demo');
    const { identity } = await completeSignerIdentification(deps(), callback);
    expect(identity).toMatchObject({
      email: 'user@example.com',
      personalIdentityCode: '020290-9027',
    });
    expect(identityMatchesSigner(identity, signer)).toBe(false);
  });

  it('refuses an identification started more than ten minutes ago, and uses its state up', async () => {
    const signer = await signerOf(context);
    const elevenMinutesAgo = { now: () => new Date(Date.now() - 11 * 60_000) };
    const url = new URL(
      await startSignerIdentification(deps({ clock: elevenMinutesAgo }), signer.id, 'old-link'),
    );
    const callback = new URL('http://localhost:3000/api/sign/identify/callback');
    callback.searchParams.set('code', 'whatever');
    callback.searchParams.set('state', url.searchParams.get('state') ?? '');
    await expect(completeSignerIdentification(deps(), callback)).rejects.toEqual(
      refusal('old-link'),
    );
    expect(await pendingStates(signer.id)).toBe(0);
  });

  it('refuses a forged code, a cancelled login and an unknown state', async () => {
    const signer = await signerOf(context);
    const url = await startSignerIdentification(deps(), signer.id, 'link-token');
    const browser = new TestClient(context.app);
    const callback = await logInAtBuiltinProvider(browser, url, 'user2@example.com', 'user2-demo');
    callback.searchParams.set('code', 'forged');
    await expect(completeSignerIdentification(deps(), callback)).rejects.toEqual(
      refusal('link-token'),
    );

    const cancelled = new URL(await startSignerIdentification(deps(), signer.id, 'link-token'));
    const answer = new URL('http://localhost:3000/api/sign/identify/callback');
    answer.searchParams.set('error', 'access_denied');
    answer.searchParams.set('state', cancelled.searchParams.get('state') ?? '');
    answer.searchParams.set('iss', 'http://localhost:3000/idp');
    const error = await completeSignerIdentification(deps(), answer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignerIdentificationError);
    expect(error).toEqual(refusal('link-token'));

    answer.searchParams.set('state', 'no-such-state');
    await expect(completeSignerIdentification(deps(), answer)).rejects.toEqual(refusal(null));
  });

  it('never lets the portal login client ask for the personal identity code', async () => {
    const url = new URL('http://localhost:3000/idp/auth');
    url.search = new URLSearchParams({
      client_id: 'esign-portal',
      redirect_uri: 'http://localhost:3000/api/esign/Users/callback',
      response_type: 'code',
      scope: 'openid personal_identity_code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'x',
    }).toString();
    const response = await new TestClient(context.app).get(pathOf(url));
    const location = new URL(String(response.headers.location), 'http://localhost:3000');
    expect(location.searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('which provider identifies signers', () => {
  const dataDir = () => `/tmp/esign-signer-config-${randomUUID()}`;
  const production = {
    NODE_ENV: 'production',
    OIDC_ISSUER: 'https://login.example.fi',
    OIDC_CLIENT_ID: 'esign',
  };

  it('is the built-in provider with test identities in the demo profile', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.signerOidc).toEqual({ kind: 'builtin' });
    expect(config.signatureLevels).toEqual(['Low', 'Advanced']);
    const withTrustService = loadConfig({
      DATA_DIR: dataDir(),
      CSC_BASE_URL: 'http://127.0.0.1:4010/csc/v2',
      CSC_CLIENT_ID: 'esign-portal',
      CSC_CLIENT_SECRET: 'secret',
    });
    expect(withTrustService.signatureLevels).toEqual(['Low', 'Advanced', 'Qualified']);
  });

  it('is the configured provider, with the claim that holds the identity code', () => {
    const config = loadConfig({
      ...production,
      DATA_DIR: dataDir(),
      SIGNER_OIDC_ISSUER: 'https://tunnistus.example.fi',
      SIGNER_OIDC_CLIENT_ID: 'esign-signers',
      SIGNER_OIDC_CLIENT_SECRET: 'secret',
      SIGNER_OIDC_PERSONAL_ID_CLAIM: 'nationalIdentificationNumber',
    });
    expect(config.signerOidc).toEqual({
      kind: 'oidc',
      issuer: 'https://tunnistus.example.fi',
      clientId: 'esign-signers',
      clientSecret: 'secret',
      scopes: 'openid email profile',
      personalIdClaim: 'nationalIdentificationNumber',
    });
    expect(config.signatureLevels).toContain('Advanced');
  });

  it('is none in production without one: Advanced is then not offered', () => {
    for (const env of [production, { NODE_ENV: 'production', BUILTIN_IDP: 'true' }]) {
      const config = loadConfig({ ...env, DATA_DIR: dataDir() });
      expect(config.signerOidc).toBeNull();
      expect(config.signatureLevels).toEqual(['Low']);
    }
  });

  it('stops the start when SIGNATURE_LEVELS names Advanced without a provider, or the client id is missing', () => {
    const attempt = (env: Record<string, string>) => () =>
      loadConfig({ ...production, DATA_DIR: dataDir(), ...env });
    expect(attempt({ SIGNATURE_LEVELS: 'Low,Advanced' })).toThrow(ConfigError);
    expect(attempt({ SIGNATURE_LEVELS: 'Low,Advanced' })).toThrow(/SIGNER_OIDC_ISSUER/);
    expect(attempt({ SIGNER_OIDC_ISSUER: 'https://tunnistus.example.fi' })).toThrow(
      /SIGNER_OIDC_CLIENT_ID/,
    );
  });
});

// The provider must listen before the app is built: the configuration names its port.
const signerProvider = await startSignerProvider({
  maija: {
    email: 'maija.meikalainen@example.fi',
    email_verified: true,
    name: 'Maija Meikäläinen',
    nationalIdentificationNumber: '131052-308T',
  },
  pekka: {
    email: 'pekka.puupaa@example.fi',
    email_verified: true,
    name: 'Pekka Puupää',
    nationalIdentificationNumber: '131052-308S',
  },
});
afterAll(() => signerProvider.close());

describe('identifying a signer at an external provider', () => {
  const context = useTestApp('sqlite', {
    SIGNER_OIDC_ISSUER: signerProvider.issuer,
    SIGNER_OIDC_CLIENT_ID: 'esign-signers',
    SIGNER_OIDC_CLIENT_SECRET: 'signer-client-secret',
    SIGNER_OIDC_SCOPES: 'openid email profile national_id',
    SIGNER_OIDC_PERSONAL_ID_CLAIM: 'nationalIdentificationNumber',
  });
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const deps = (): SignerIdentificationDeps => ({
    db: context.database.handle.db,
    config: context.config,
    clock: systemClock,
    log: { warn: (details, message) => warnings.push({ details, message }) },
  });
  const identify = async (account: string, signer: { name: string; email: string }) => {
    const row = await insertSigner(context.database.handle.db, signer);
    const url = await startSignerIdentification(deps(), row.id, `link-of-${account}`);
    expect(new URL(url).origin).toBe(signerProvider.issuer);
    const callback = await new ProviderBrowser().logIn(url, account);
    return { row, result: await completeSignerIdentification(deps(), callback) };
  };

  it('reads the identity code from the configured claim and the profile from userinfo', async () => {
    const { row, result } = await identify('maija', {
      name: 'Maija Meikäläinen',
      email: 'maija.meikalainen@example.fi',
    });
    expect(result).toEqual({
      signerId: row.id,
      returnToken: 'link-of-maija',
      identity: {
        method: 'oidc',
        issuer: signerProvider.issuer,
        subject: 'maija',
        name: 'Maija Meikäläinen',
        email: 'maija.meikalainen@example.fi',
        personalIdentityCode: '131052-308T',
      },
    });
    expect(identityMatchesSigner(result.identity, row)).toBe(true);
  });

  it('keeps no invalid identity code, and logs the fact without the value', async () => {
    const { result } = await identify('pekka', {
      name: 'Pekka Puupää',
      email: 'pekka.puupaa@example.fi',
    });
    expect(result.identity).toMatchObject({
      email: 'pekka.puupaa@example.fi',
      personalIdentityCode: null,
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({
      subject: 'pekka',
      claim: 'nationalIdentificationNumber',
    });
    expect(JSON.stringify(warnings)).not.toContain('131052');
  });

  it('registers no signer client at the built-in provider meanwhile', async () => {
    const url = new URL('http://localhost:3000/idp/auth');
    url.search = new URLSearchParams({
      client_id: 'esign-signer-identification',
      redirect_uri: 'http://localhost:3000/api/sign/identify/callback',
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const response = await context.app.inject({ url: pathOf(url) });
    expect(response.body).toContain('client is invalid');
  });
});
