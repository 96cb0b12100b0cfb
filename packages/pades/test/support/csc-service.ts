import { constants, privateEncrypt, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestOAuth, sha256Oid, type Answer, type IssuedToken } from './csc-oauth.ts';
import type { TestOAuthClient } from './csc-oauth.ts';
import type { NameAttributes } from '../../src/pki/distinguished-name.ts';
import { createQualifiedTestCredential, type TestCscCredential } from './csc-test-credential.ts';
import { answerOcspRequest } from './ocsp-responder.ts';

export type { TestOAuthClient } from './csc-oauth.ts';
export type { TestCscCredential } from './csc-test-credential.ts';

/** DER prefix of a PKCS#1 v1.5 DigestInfo for SHA-256 (RFC 8017 §9.2). */
const sha256DigestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const sha256WithRsaOid = '1.2.840.113549.1.1.11';

/** The client the service knows unless told otherwise. */
export const defaultTestClient: TestOAuthClient = { id: 'esign-portal', secret: 'csc-test-secret' };

export interface CscTestServiceOptions {
  /** 0 (a free port) unless given. */
  port?: number;
  host?: string;
  /** A fresh RSA credential ('oauth2code') from a new test qualified CA unless given. */
  credential?: TestCscCredential;
  /** More credentials beside it, each of its own user (userID), as a real service holds. */
  otherCredentials?: TestCscCredential[];
  /**
   * Users to make a credential for once the service listens (qualified-1, qualified-2, …),
   * whose CAs publish their CRLs at the service (/crl/<id>/…) and answer OCSP there
   * (/crl/<id>/ocsp), named in the certificates.
   */
  users?: Array<{ userID: string; email?: string; subject?: NameAttributes }>;
  client?: TestOAuthClient;
}

export interface CscTestService {
  /** The CSC API base URL, …/csc/v2 (CSC_BASE_URL). */
  baseUrl: string;
  /** The OAuth2 endpoints' base, …/csc/v2/oauth2 (CSC_OAUTH_URL). */
  oauthUrl: string;
  credential: TestCscCredential;
  /** Every credential the service holds, the first one first. */
  credentials: TestCscCredential[];
  client: TestOAuthClient;
  /** The last certificate of the credential's chain: the trust anchor for its signatures. */
  root: Buffer;
  /** Calls received, to check what the client sent. */
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  if (!text) return {};
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

const json = (status: number, body: unknown): Answer => ({ status, json: body });
const invalid = (description: string) =>
  json(400, { error: 'invalid_request', error_description: description });
const asHex = (items: unknown) =>
  (Array.isArray(items) ? items : []).map((item) =>
    Buffer.from(String(item), 'base64').toString('hex'),
  );

function send(response: ServerResponse, answer: Answer) {
  if ('location' in answer) response.writeHead(302, { Location: answer.location }).end();
  else if ('body' in answer)
    response.writeHead(answer.status, { 'Content-Type': answer.type }).end(answer.body);
  else if ('html' in answer)
    response
      .writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(answer.html);
  else
    response
      .writeHead(answer.status, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(answer.json));
}

/**
 * A remote signing service written from the CSC API v2 specification: RSA credentials, each
 * of its own user (credentials/list takes a userID)
 * (explicit PIN authorisation through credentials/authorize, or 'oauth2code' authorisation
 * in the browser through oauth2/authorize), SCAL2 (an authorisation is bound to the hashes
 * it was given for and used up by signing them), and service tokens for one OAuth2 client.
 */
export async function startCscTestService(
  options: CscTestServiceOptions = {},
): Promise<CscTestService> {
  // Filled before the first request: given ones now, the users' once the address is known.
  const credentials: TestCscCredential[] = options.credential
    ? [options.credential, ...(options.otherCredentials ?? [])]
    : [];
  const credentialOf = (id: unknown) => credentials.find((each) => each.id === id);
  const client = options.client ?? defaultTestClient;
  const tokens = new Map<string, IssuedToken>();
  const sads = new Map<string, string[]>();
  const calls: CscTestService['calls'] = [];
  const oauth = createTestOAuth({
    serviceName: 'Testi-QTSP',
    authorizePath: '/csc/v2/oauth2/authorize',
    client,
    credentials,
    tokens,
  });

  function signHash(
    body: Record<string, unknown>,
    token: IssuedToken,
    credential: TestCscCredential,
  ): Answer {
    if (token.scope === 'credential' && token.credentialID !== credential.id)
      return invalid('the token does not authorise this credential');
    const hashes = asHex(body.hashes);
    let authorised: string[] | undefined;
    if (token.scope === 'credential') {
      authorised = (token.remaining ?? 0) >= hashes.length ? token.hashes : undefined;
      token.remaining = (token.remaining ?? 0) - hashes.length;
    } else {
      authorised = sads.get(String(body.SAD));
      sads.delete(String(body.SAD));
    }
    if (!hashes.length || !authorised || hashes.some((hash) => !authorised.includes(hash)))
      return invalid('SAD does not authorise these hashes');
    if (body.hashAlgorithmOID !== sha256Oid || body.signAlgo !== sha256WithRsaOid)
      return invalid('unsupported algorithm');
    const signatures = hashes.map((hash) =>
      privateEncrypt(
        { key: credential.privateKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([sha256DigestInfo, Buffer.from(hash, 'hex')]),
      ).toString('base64'),
    );
    return json(200, { signatures });
  }

  function callMethod(path: string, body: Record<string, unknown>, token: IssuedToken): Answer {
    const credential = credentialOf(body.credentialID ?? credentials[0]?.id);
    if (!credential) return invalid('Invalid parameter credentialID');
    if (path === 'signatures/signHash') return signHash(body, token, credential);
    if (token.scope !== 'service') return json(403, { error: 'insufficient_scope' });
    // userID names whose credentials: a client's service token may ask for any user's.
    const userID = typeof body.userID === 'string' ? body.userID.toLowerCase() : undefined;
    if (path === 'credentials/list')
      return json(200, {
        credentialIDs: credentials
          .filter(
            (each) =>
              userID === undefined ||
              each.userID === undefined ||
              each.userID.toLowerCase() === userID,
          )
          .map((each) => each.id),
      });
    if (path === 'credentials/info')
      return json(200, {
        key: { status: 'enabled', algo: ['1.2.840.113549.1.1.1'], len: 3072 },
        cert: {
          status: 'valid',
          certificates: credential.certificates.map((item) => item.toString('base64')),
        },
        auth: { mode: credential.authMode },
        authMode: credential.authMode,
        SCAL: '2',
        multisign: 1,
      });
    if (path === 'credentials/authorize') {
      if (credential.authMode !== 'explicit')
        return invalid('the credential is authorised through oauth2/authorize');
      if (!credential.pin || body.PIN !== credential.pin)
        return json(400, { error: 'invalid_pin', error_description: 'The PIN is invalid' });
      const sad = randomBytes(16).toString('hex');
      sads.set(sad, asHex(body.hashes));
      return json(200, { SAD: sad, expiresIn: 300 });
    }
    return invalid(`unknown method ${path}`);
  }

  async function handle(request: IncomingMessage): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://service.invalid');
    const path = url.pathname.replace(/^\/csc\/v2\//, '');
    const ocsp = credentials.find((each) => each.ocsp?.path === url.pathname)?.ocsp;
    if (request.method === 'POST' && ocsp) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const der = answerOcspRequest(Buffer.concat(chunks), ocsp.issuer, ocsp.statuses);
      return { status: 200, body: der, type: 'application/ocsp-response' };
    }
    const body = await readBody(request);
    calls.push({ path, body });
    if (path === 'info')
      return json(200, {
        specs: '2.0.0.2',
        name: 'Testi-QTSP',
        region: 'FI',
        lang: 'en',
        authType: ['oauth2code', 'oauth2client'],
        oauth2: baseUrl,
        methods: [
          'credentials/list',
          'credentials/info',
          'credentials/authorize',
          'signatures/signHash',
          'oauth2/authorize',
          'oauth2/token',
        ],
      });
    if (path === 'oauth2/authorize')
      return request.method === 'POST'
        ? oauth.answerAuthorization(new URLSearchParams(body as Record<string, string>))
        : oauth.startAuthorization(url.searchParams);
    if (path === 'oauth2/token')
      return oauth.issueToken(
        new URLSearchParams(body as Record<string, string>),
        request.headers.authorization,
      );
    if (request.method === 'GET' && url.pathname.startsWith('/crl/')) {
      const crl = credentials.map((each) => each.crls?.get(url.pathname)).find(Boolean);
      return crl ? { status: 200, body: crl, type: 'application/pkix-crl' } : json(404, {});
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const token = tokens.get(bearer);
    const usedUp = token?.scope === 'credential' && (token.remaining ?? 0) <= 0;
    if (!token || token.expiresAt < Date.now() || usedUp)
      return json(401, { error: 'invalid_token' });
    return callMethod(path, body, token);
  }

  const server = createServer((request, response) => {
    handle(request)
      .then((answer) => send(response, answer))
      .catch((error: unknown) => send(response, json(500, { error: String(error) })));
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { address, port } = server.address() as AddressInfo;
  const reachable = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
  const host = reachable.includes(':') ? `[${reachable}]` : reachable;
  const baseUrl = `http://${host}:${port}/csc/v2`;
  for (const user of options.users ?? []) {
    const id = `qualified-${credentials.length + 1}`;
    const { credential: made } = await createQualifiedTestCredential({
      id,
      userID: user.userID,
      email: user.email ?? user.userID,
      ...(user.subject ? { subject: user.subject } : {}),
      crlBaseUrl: `http://${host}:${port}/crl/${id}`,
    });
    credentials.push(made);
  }
  if (credentials.length === 0)
    credentials.push(
      (
        await createQualifiedTestCredential({
          crlBaseUrl: `http://${host}:${port}/crl/qualified-1`,
        })
      ).credential,
    );
  const credential = credentials[0] as TestCscCredential;
  return {
    baseUrl,
    oauthUrl: `${baseUrl}/oauth2`,
    credential,
    credentials,
    client,
    root: credential.certificates.at(-1) ?? Buffer.alloc(0),
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
