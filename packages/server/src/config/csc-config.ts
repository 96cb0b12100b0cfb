import { z } from 'zod';
import { ConfigError } from './config-error.ts';

/** A qualified trust service reached over the Cloud Signature Consortium API v2. */
export interface CscConfig {
  /** The CSC API base URL, up to and including /csc/v2, without a trailing slash. */
  baseUrl: string;
  /** The base of its OAuth2 endpoints: `${oauthUrl}/authorize` and `${oauthUrl}/token`. */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * What the service knows a signer by (credentials/list's userID): their e-mail address, or
   * the personal identity code the sender gave. Each signer signs with a credential of their
   * own, whose certificate must name them.
   */
  userIdFrom: 'email' | 'personalIdentityCode';
}

const httpUrl = z.url({ protocol: /^https?$/ }).optional();
export const CscEnv = z.object({
  CSC_BASE_URL: httpUrl,
  CSC_OAUTH_URL: httpUrl,
  CSC_CLIENT_ID: z.string().optional(),
  CSC_CLIENT_SECRET: z.string().optional(),
  CSC_USER_ID: z.enum(['email', 'personalIdentityCode']).optional(),
  // Read only to refuse it: one credential for every signer would sign in someone else's name.
  CSC_CREDENTIAL_ID: z.string().optional(),
});

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads CSC_BASE_URL, CSC_CLIENT_ID, CSC_CLIENT_SECRET, CSC_USER_ID (default email) and
 * CSC_OAUTH_URL (default `${CSC_BASE_URL}/oauth2`); blank counts as unset. Answers null when CSC_BASE_URL
 * is unset (no Qualified signatures); throws a ConfigError naming what is wrong or missing.
 */
export function readCscConfig(env: Record<string, string | undefined>): CscConfig | null {
  const names = Object.keys(CscEnv.shape);
  const given = Object.fromEntries(
    names.map((name) => [name, env[name]?.trim() || undefined] as const),
  );
  const parsed = CscEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const { CSC_BASE_URL: baseUrl, CSC_CLIENT_ID: clientId, CSC_CLIENT_SECRET: secret } = parsed.data;
  if (!baseUrl) {
    const orphans = names.filter((name) => name !== 'CSC_BASE_URL' && given[name] !== undefined);
    if (orphans.length)
      throw new ConfigError(`CSC_BASE_URL is required with ${orphans.join(', ')}`);
    return null;
  }
  if (!clientId || !secret)
    throw new ConfigError('CSC_CLIENT_ID and CSC_CLIENT_SECRET are required with CSC_BASE_URL');
  if (parsed.data.CSC_CREDENTIAL_ID)
    throw new ConfigError(
      'CSC_CREDENTIAL_ID is not supported: each signer signs with their own credential, found by CSC_USER_ID',
    );
  const base = withoutTrailingSlash(baseUrl);
  return {
    baseUrl: base,
    oauthUrl: withoutTrailingSlash(parsed.data.CSC_OAUTH_URL ?? `${base}/oauth2`),
    clientId,
    clientSecret: secret,
    userIdFrom: parsed.data.CSC_USER_ID ?? 'email',
  };
}
