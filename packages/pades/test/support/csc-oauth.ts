import { createHash, randomBytes, randomInt, timingSafeEqual, X509Certificate } from 'node:crypto';
import type { TestCscCredential } from './csc-test-credential.ts';
import { renderAuthorizePage, renderErrorPage } from './csc-authorize-page.ts';

export const sha256Oid = '2.16.840.1.101.3.4.2.1';
const pendingTtlMs = 10 * 60_000;
const codeTtlMs = 5 * 60_000;
const credentialTokenTtlMs = 5 * 60_000;
const serviceTokenTtlMs = 60 * 60_000;
const maximumOtpTries = 3;

/** The one OAuth2 client the service knows (the portal). */
export interface TestOAuthClient {
  id: string;
  secret: string;
  /** Allowed redirect URIs; any http(s) URI when omitted. */
  redirectUris?: string[];
}

/** What an access token allows: the service methods, or signing exactly these hashes. */
export interface IssuedToken {
  scope: 'service' | 'credential';
  credentialID?: string;
  /** Hex SHA-256 hashes the token may sign (credential scope). */
  hashes?: string[];
  remaining?: number;
  expiresAt: number;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  credentialID: string;
  /** The credential's certificate subject, shown on the page. */
  signer: string;
  hashes: string[];
  numSignatures: number;
  expiresAt: number;
}

/** An HTTP answer: JSON, an HTML page or a redirect. */
export type Answer =
  | { status: number; json: unknown }
  | { status: number; html: string }
  | { status: 302; location: string }
  | { status: number; body: Buffer; type: string };

const random = () => randomBytes(24).toString('base64url');
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * OAuth2 as CSC API v2 uses it (RFC 6749 with PKCE S256): oauth2/authorize for scope
 * 'credential' with a sign-in and consent page bound to the hashes, oauth2/token for
 * authorization_code (a token bound to the credential and hashes: the SAD) and
 * client_credentials (a service token).
 */
export function createTestOAuth(options: {
  serviceName: string;
  /** The path the authorize form posts back to. */
  authorizePath: string;
  client: TestOAuthClient;
  credentials: TestCscCredential[];
  tokens: Map<string, IssuedToken>;
}) {
  const { client, credentials, tokens } = options;
  const pending = new Map<string, Grant & { otp: string; tries: number }>();
  const codes = new Map<string, Grant>();
  const subjectOf = (credential: TestCscCredential) =>
    new X509Certificate(credential.certificates[0] ?? Buffer.alloc(0)).subject
      .split('\n')
      .join(', ');

  const redirect = (
    grant: Pick<Grant, 'redirectUri' | 'state'>,
    params: Record<string, string>,
  ) => {
    const target = new URL(grant.redirectUri);
    for (const [name, value] of Object.entries({
      ...params,
      ...(grant.state ? { state: grant.state } : {}),
    }))
      target.searchParams.set(name, value);
    return { status: 302 as const, location: target.href };
  };
  const page = (id: string, grant: Grant & { otp: string }, error: string | null): Answer => ({
    status: error ? 400 : 200,
    html: renderAuthorizePage({
      action: options.authorizePath,
      requestId: id,
      serviceName: options.serviceName,
      signer: grant.signer,
      description: null,
      hashes: grant.hashes.map((hash) => Buffer.from(hash, 'hex').toString('base64url')),
      otp: grant.otp,
      error,
    }),
  });

  /** GET oauth2/authorize: checks the request and shows the page. */
  function startAuthorization(query: URLSearchParams): Answer {
    const redirectUri = query.get('redirect_uri') ?? '';
    const redirectAllowed = client.redirectUris
      ? client.redirectUris.includes(redirectUri)
      : /^https?:\/\//.test(redirectUri);
    if (query.get('client_id') !== client.id || !redirectAllowed)
      return {
        status: 400,
        html: renderErrorPage(options.serviceName, 'Unknown client or redirect URI.'),
      };
    const back = { redirectUri, state: query.get('state') };
    const invalid = (description: string) =>
      redirect(back, { error: 'invalid_request', error_description: description });
    if (query.get('response_type') !== 'code') return invalid('response_type must be code');
    if (query.get('scope') !== 'credential') return invalid('only scope credential is offered');
    const challenge = query.get('code_challenge') ?? '';
    if (query.get('code_challenge_method') !== 'S256' || !/^[\w-]{43}$/.test(challenge))
      return invalid('PKCE with S256 is required');
    // In a real service only the credential's owner can answer: the code goes to them.
    const credential = credentials.find((each) => each.id === query.get('credentialID'));
    if (!credential || credential.authMode !== 'oauth2code')
      return invalid('Invalid parameter credentialID');
    const numSignatures = Number(query.get('numSignatures'));
    const hashes = (query.get('hashes') ?? '')
      .split(',')
      .filter(Boolean)
      .map((hash) => Buffer.from(hash, 'base64url'));
    if (!Number.isInteger(numSignatures) || numSignatures < 1 || hashes.length !== numSignatures)
      return invalid('numSignatures must count the hashes');
    if (query.get('hashAlgorithmOID') !== sha256Oid || hashes.some((hash) => hash.length !== 32))
      return invalid('hashes must be SHA-256');
    const id = random();
    const grant = {
      ...back,
      clientId: client.id,
      codeChallenge: challenge,
      credentialID: credential.id,
      signer: subjectOf(credential),
      hashes: hashes.map((hash) => hash.toString('hex')),
      numSignatures,
      expiresAt: Date.now() + pendingTtlMs,
      otp: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      tries: 0,
    };
    pending.set(id, grant);
    return page(id, grant, null);
  }

  /** POST oauth2/authorize: the signer's answer; redirects back with a code or an error. */
  function answerAuthorization(form: URLSearchParams): Answer {
    const id = form.get('request') ?? '';
    const grant = pending.get(id);
    if (!grant || grant.expiresAt < Date.now())
      return {
        status: 400,
        html: renderErrorPage(options.serviceName, 'This request has expired.'),
      };
    if (form.get('action') === 'cancel') {
      pending.delete(id);
      return redirect(grant, { error: 'access_denied', error_description: 'The user cancelled' });
    }
    if (!sameText(form.get('otp') ?? '', grant.otp)) {
      grant.tries += 1;
      if (grant.tries < maximumOtpTries) return page(id, grant, 'The one-time code is wrong.');
      pending.delete(id);
      return redirect(grant, { error: 'access_denied', error_description: 'Too many wrong codes' });
    }
    pending.delete(id);
    const code = random();
    codes.set(code, { ...grant, expiresAt: Date.now() + codeTtlMs });
    return redirect(grant, { code });
  }

  /** POST oauth2/token. */
  function issueToken(params: URLSearchParams, authorization: string | undefined): Answer {
    const basic = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      : [];
    const clientId = basicId ?? params.get('client_id') ?? '';
    const secret = basicSecret ?? params.get('client_secret') ?? '';
    if (clientId !== client.id || !sameText(secret, client.secret))
      return {
        status: 401,
        json: { error: 'invalid_client', error_description: 'Client authentication failed' },
      };
    const grantType = params.get('grant_type');
    if (grantType === 'client_credentials') {
      const token = random();
      tokens.set(token, { scope: 'service', expiresAt: Date.now() + serviceTokenTtlMs });
      return {
        status: 200,
        json: { access_token: token, token_type: 'Bearer', expires_in: serviceTokenTtlMs / 1000 },
      };
    }
    if (grantType !== 'authorization_code')
      return { status: 400, json: { error: 'unsupported_grant_type' } };
    const code = params.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    const challenge = createHash('sha256')
      .update(params.get('code_verifier') ?? '')
      .digest('base64url');
    if (
      !grant ||
      grant.expiresAt < Date.now() ||
      grant.clientId !== clientId ||
      grant.redirectUri !== params.get('redirect_uri') ||
      grant.codeChallenge !== challenge
    )
      return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid code' } };
    const token = random();
    tokens.set(token, {
      scope: 'credential',
      credentialID: grant.credentialID,
      hashes: grant.hashes,
      remaining: grant.numSignatures,
      expiresAt: Date.now() + credentialTokenTtlMs,
    });
    return {
      status: 200,
      json: { access_token: token, token_type: 'Bearer', expires_in: credentialTokenTtlMs / 1000 },
    };
  }

  return { startAuthorization, answerAuthorization, issueToken };
}
