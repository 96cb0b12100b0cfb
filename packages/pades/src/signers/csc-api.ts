import { X509Certificate } from 'node:crypto';
import { CscError } from './csc-signer.ts';

/** The OIDs CSC API v2 names hash and signature algorithms by. */
export const cscAlgorithms = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** A CSC API v2 service and the bearer token to call it with (service or credential scope). */
export interface CscService {
  /** The base URL up to and including /csc/v2. */
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
}

export interface CscCredential {
  credentialID: string;
  /** The signer's certificate and its issuing certificates (DER). */
  certificate: Buffer;
  chain: Buffer[];
  /** How the signer authorises a signature; 'oauth2code' is in the browser at the service. */
  authMode: 'implicit' | 'explicit' | 'oauth2code';
  /** The signAlgo for SHA-256 with the credential's key. */
  signAlgo: string;
}

async function callCsc<T>(service: CscService, method: string, body: unknown): Promise<T> {
  const response = await fetch(`${service.baseUrl.replace(/\/$/, '')}/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${service.accessToken}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(service.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const { error, error_description: description } = (parsed ?? {}) as Record<string, unknown>;
    const detail = [error, description].filter(Boolean).join(': ') || text.slice(0, 200);
    throw new CscError(`${method} failed (${response.status}): ${detail}`);
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new CscError(`${method} answered no JSON object`);
  return parsed as T;
}

/**
 * The credentials the token may use (credentials/list), in the service's order; with a
 * userID (a client's service token), those of that user.
 */
export async function listCscCredentials(service: CscService, userID?: string): Promise<string[]> {
  const { credentialIDs } = await callCsc<{ credentialIDs?: unknown }>(
    service,
    'credentials/list',
    userID === undefined ? {} : { userID },
  );
  if (!Array.isArray(credentialIDs) || !credentialIDs.every((id) => typeof id === 'string'))
    throw new CscError('credentials/list answered no credentialIDs');
  return credentialIDs;
}

interface CredentialInfo {
  key?: { status?: string };
  cert?: { certificates?: unknown };
  auth?: { mode?: string };
  authMode?: string;
}

/**
 * Reads a credential (credentials/info): its certificate chain, how it is authorised and the
 * signAlgo for its key. Refuses a disabled key or a credential without a certificate.
 */
export async function readCscCredential(
  service: CscService,
  credentialID: string,
): Promise<CscCredential> {
  const info = await callCsc<CredentialInfo>(service, 'credentials/info', {
    credentialID,
    certificates: 'chain',
    certInfo: false,
    authInfo: true,
  });
  if (info.key?.status !== 'enabled')
    throw new CscError(`credential ${credentialID} is ${info.key?.status ?? 'unusable'}`);
  const items = info.cert?.certificates;
  const [certificate, ...chain] = Array.isArray(items)
    ? items.map((item) => Buffer.from(String(item), 'base64'))
    : [];
  if (!certificate) throw new CscError(`credential ${credentialID} carries no certificate`);
  const mode = info.auth?.mode ?? info.authMode;
  if (mode !== 'implicit' && mode !== 'explicit' && mode !== 'oauth2code')
    throw new CscError(`credential ${credentialID} has an unknown authorisation mode`);
  const keyType = new X509Certificate(certificate).publicKey.asymmetricKeyType;
  if (keyType !== 'rsa' && keyType !== 'ec')
    throw new CscError(`credential ${credentialID} has an unsupported ${keyType ?? ''} key`);
  const signAlgo = keyType === 'rsa' ? cscAlgorithms.sha256WithRsa : cscAlgorithms.ecdsaWithSha256;
  return { credentialID, certificate, chain, authMode: mode, signAlgo };
}

/**
 * Signs one SHA-256 hash with a credential (signatures/signHash). With a credential-scope
 * token the token is the authorisation; otherwise `SAD` from credentials/authorize is.
 */
export async function signCscHash(
  service: CscService,
  request: { credentialID: string; hash: Buffer; signAlgo: string; SAD?: string },
): Promise<Buffer> {
  const { signatures } = await callCsc<{ signatures?: unknown }>(service, 'signatures/signHash', {
    credentialID: request.credentialID,
    ...(request.SAD ? { SAD: request.SAD } : {}),
    hashes: [request.hash.toString('base64')],
    hashAlgorithmOID: cscAlgorithms.sha256,
    signAlgo: request.signAlgo,
  });
  const [signature] = Array.isArray(signatures) ? signatures : [];
  if (typeof signature !== 'string') throw new CscError('signHash answered no signature');
  return Buffer.from(signature, 'base64');
}
