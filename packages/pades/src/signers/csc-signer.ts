import { createHash } from 'node:crypto';
import type { Signer } from './signer.ts';

const sha256Oid = '2.16.840.1.101.3.4.2.1';
const signAlgorithms = { rsa: '1.2.840.113549.1.1.11', ec: '1.2.840.10045.4.3.2' } as const;
const rsaKeyOids = new Set(['1.2.840.113549.1.1.1', signAlgorithms.rsa]);

export interface CscOptions {
  /** The service's base URL up to and including /csc/v2. */
  baseUrl: string;
  credentialID: string;
  /** A service-scope OAuth2 access token (or a function that obtains a fresh one). */
  accessToken: string | (() => Promise<string>);
  /** Supplies the PIN or OTP for explicit authorisation (SCAL2); undefined for implicit credentials. */
  authorization?: () => Promise<{ PIN?: string; OTP?: string }>;
  timeoutMs?: number;
}

export class CscError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CscError';
  }
}

async function call<T>(options: CscOptions, path: string, body: unknown): Promise<T> {
  const token =
    typeof options.accessToken === 'string' ? options.accessToken : await options.accessToken();
  const response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  if (!response.ok) {
    const detail = (() => {
      try {
        const parsed = JSON.parse(text) as { error?: string; error_description?: string };
        return [parsed.error, parsed.error_description].filter(Boolean).join(': ');
      } catch {
        return text.slice(0, 200);
      }
    })();
    throw new CscError(`${path} failed (${response.status}): ${detail}`);
  }
  return JSON.parse(text) as T;
}

interface CredentialInfo {
  key: { status: string; algo: string[] };
  cert: { status?: string; certificates: string[] };
  authMode: 'implicit' | 'explicit' | 'oauth2code';
  SCAL?: string;
}

/**
 * A signer whose key stays at a remote trust service (Cloud Signature Consortium API v2):
 * reads the credential's certificate chain, then for each signature authorises the
 * credential for exactly that hash (the SAD binds to it under SCAL2) and calls signHash.
 */
export async function cscSigner(options: CscOptions): Promise<Signer> {
  const info = await call<CredentialInfo>(options, 'credentials/info', {
    credentialID: options.credentialID,
    certificates: 'chain',
    certInfo: false,
    authInfo: true,
  });
  if (info.key.status !== 'enabled')
    throw new CscError(`credential ${options.credentialID} is ${info.key.status}`);
  const [certificate, ...chain] = info.cert.certificates.map((item) => Buffer.from(item, 'base64'));
  if (!certificate) throw new CscError('the credential carries no certificate');
  const algorithm = info.key.algo.some((oid) => rsaKeyOids.has(oid))
    ? 'rsa-sha256'
    : 'ecdsa-sha256';
  return {
    certificate,
    chain,
    algorithm,
    async sign(data) {
      const hash = createHash('sha256').update(data).digest('base64');
      const credentials =
        info.authMode === 'explicit' && options.authorization ? await options.authorization() : {};
      const { SAD } = await call<{ SAD: string }>(options, 'credentials/authorize', {
        credentialID: options.credentialID,
        numSignatures: 1,
        hashes: [hash],
        hashAlgorithmOID: sha256Oid,
        ...credentials,
      });
      const { signatures } = await call<{ signatures: string[] }>(options, 'signatures/signHash', {
        credentialID: options.credentialID,
        SAD,
        hashes: [hash],
        hashAlgorithmOID: sha256Oid,
        signAlgo: algorithm === 'rsa-sha256' ? signAlgorithms.rsa : signAlgorithms.ec,
      });
      const [signature] = signatures;
      if (!signature) throw new CscError('signHash answered no signature');
      return Buffer.from(signature, 'base64');
    },
  };
}
