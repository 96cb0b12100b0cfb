import { privateEncrypt, randomBytes, constants, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** DER prefix of a PKCS#1 v1.5 DigestInfo for SHA-256 (RFC 8017 §9.2). */
const sha256DigestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export interface CscTestService {
  baseUrl: string;
  /** Calls received, to check what the client sent. */
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * A remote signing service written from the CSC API v2 specification, on 127.0.0.1: one
 * RSA credential with explicit (PIN) authorisation, SCAL2 (the SAD is bound to the hashes
 * it was issued for and used once), bearer tokens from oauth2/token.
 */
export async function startCscTestService(credential: {
  id: string;
  privateKey: KeyObject;
  certificates: Buffer[];
  pin: string;
}): Promise<CscTestService> {
  const tokens = new Set<string>();
  const sads = new Map<string, string[]>();
  const calls: CscTestService['calls'] = [];
  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '').replace(/^\/csc\/v2\//, '');
    const body = await readJson(request);
    calls.push({ path, body });
    if (path === 'info')
      return answer(200, {
        specs: '2.0.0.2',
        name: 'Test QTSP',
        methods: [
          'credentials/list',
          'credentials/info',
          'credentials/authorize',
          'signatures/signHash',
        ],
        authType: ['oauth2client'],
      });
    if (path === 'oauth2/token') {
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return answer(401, { error: 'invalid_token' });
    if (body.credentialID !== undefined && body.credentialID !== credential.id)
      return answer(400, {
        error: 'invalid_request',
        error_description: 'Invalid parameter credentialID',
      });
    if (path === 'credentials/list') return answer(200, { credentialIDs: [credential.id] });
    if (path === 'credentials/info') {
      return answer(200, {
        key: { status: 'enabled', algo: ['1.2.840.113549.1.1.1'], len: 2048 },
        cert: {
          status: 'valid',
          certificates: credential.certificates.map((item) => item.toString('base64')),
        },
        authMode: 'explicit',
        SCAL: '2',
        multisign: 1,
      });
    }
    if (path === 'credentials/authorize') {
      if (body.PIN !== credential.pin)
        return answer(400, { error: 'invalid_pin', error_description: 'The PIN is invalid' });
      const sad = randomBytes(16).toString('hex');
      sads.set(sad, (body.hashes as string[] | undefined) ?? []);
      return answer(200, { SAD: sad, expiresIn: 300 });
    }
    if (path === 'signatures/signHash') {
      const hashes = (body.hashes as string[] | undefined) ?? [];
      const authorised = sads.get(String(body.SAD));
      sads.delete(String(body.SAD));
      if (!authorised || hashes.some((hash) => !authorised.includes(hash)))
        return answer(400, {
          error: 'invalid_request',
          error_description: 'SAD does not authorise these hashes',
        });
      if (
        body.hashAlgorithmOID !== '2.16.840.1.101.3.4.2.1' ||
        body.signAlgo !== '1.2.840.113549.1.1.11'
      )
        return answer(400, {
          error: 'invalid_request',
          error_description: 'unsupported algorithm',
        });
      const signatures = hashes.map((hash) =>
        privateEncrypt(
          { key: credential.privateKey, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([sha256DigestInfo, Buffer.from(hash, 'base64')]),
        ).toString('base64'),
      );
      return answer(200, { signatures });
    }
    return answer(404, {
      error: 'invalid_request',
      error_description: `unknown method ${path}`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/csc/v2`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
