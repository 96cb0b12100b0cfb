import { SignatureLevel } from '@esign/contract';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import type { CscConfig } from './csc-config.ts';
import { listOf, type Env } from './env-schema.ts';

// Who logs in to the portal, where signers prove who they are, and so which levels are offered.

/** How portal users log in: exactly one of these is in force. */
export type LoginConfig =
  | { kind: 'builtin' }
  | {
      kind: 'oidc';
      issuer: string;
      clientId: string;
      clientSecret: string | undefined;
      scopes: string;
    }
  | {
      kind: 'saml';
      entryPoint: string;
      idpCert: string;
      issuer: string;
      logoutUrl: string | undefined;
      /** The portal's own key pair: signs requests, decrypts assertions, published in metadata. */
      spKey: string | undefined;
      spCert: string | undefined;
    };

export function loginConfigOf(env: Env, demo: boolean): LoginConfig {
  if (env.SAML_ENTRY_POINT) {
    if (!env.SAML_IDP_CERT)
      throw new ConfigError('SAML_IDP_CERT is required with SAML_ENTRY_POINT');
    if (Boolean(env.SAML_SP_KEY) !== Boolean(env.SAML_SP_CERT)) {
      throw new ConfigError('SAML_SP_KEY and SAML_SP_CERT go together: set both or neither');
    }
    return {
      kind: 'saml',
      entryPoint: env.SAML_ENTRY_POINT,
      idpCert: env.SAML_IDP_CERT,
      issuer: env.SAML_ISSUER ?? 'esign-portal',
      logoutUrl: env.SAML_LOGOUT_URL,
      spKey: env.SAML_SP_KEY,
      spCert: env.SAML_SP_CERT,
    };
  }
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID) throw new ConfigError('OIDC_CLIENT_ID is required with OIDC_ISSUER');
    return {
      kind: 'oidc',
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: env.OIDC_SCOPES,
    };
  }
  if (!demo && !env.BUILTIN_IDP) {
    throw new ConfigError(
      'No login configured: set OIDC_ISSUER or SAML_ENTRY_POINT, or BUILTIN_IDP=true for the built-in provider',
    );
  }
  return { kind: 'builtin' };
}

/**
 * The provider signers identify at for an Advanced signature: an external one, or in the
 * demo profile the built-in provider, whose demo accounts carry test identity codes.
 */
export type SignerOidcConfig =
  | { kind: 'builtin' }
  | {
      kind: 'oidc';
      issuer: string;
      clientId: string;
      clientSecret: string | undefined;
      scopes: string;
      /** The claim holding the Finnish personal identity code. */
      personalIdClaim: string;
    };

export function signerOidcConfigOf(
  env: Env,
  demo: boolean,
  login: LoginConfig,
): SignerOidcConfig | null {
  if (env.SIGNER_OIDC_ISSUER) {
    if (!env.SIGNER_OIDC_CLIENT_ID) {
      throw new ConfigError('SIGNER_OIDC_CLIENT_ID is required with SIGNER_OIDC_ISSUER');
    }
    return {
      kind: 'oidc',
      issuer: env.SIGNER_OIDC_ISSUER,
      clientId: env.SIGNER_OIDC_CLIENT_ID,
      clientSecret: env.SIGNER_OIDC_CLIENT_SECRET,
      scopes: env.SIGNER_OIDC_SCOPES,
      personalIdClaim: env.SIGNER_OIDC_PERSONAL_ID_CLAIM,
    };
  }
  // In production the built-in provider knows only the staff's passwords: no strong authentication.
  return demo && login.kind === 'builtin' ? { kind: 'builtin' } : null;
}

/**
 * Advanced needs a provider for signers' strong authentication: the default list drops it
 * when there is none; a list that names it explicitly stops the start instead.
 */
export function signatureLevelsOf(
  value: string | undefined,
  signerOidc: SignerOidcConfig | null,
  csc: CscConfig | null,
): SignatureLevel[] {
  const levels = listOf(value ?? 'Low,Advanced,Qualified');
  const parsed = z.array(SignatureLevel).min(1).safeParse(levels);
  if (!parsed.success) {
    throw new ConfigError('SIGNATURE_LEVELS must list one or more of Low, Advanced, Qualified');
  }
  const missing: Array<[SignatureLevel, string]> = [];
  if (!signerOidc && parsed.data.includes('Advanced'))
    missing.push([
      'Advanced',
      "SIGNER_OIDC_ISSUER (a provider for signers' strong authentication)",
    ]);
  if (!csc && parsed.data.includes('Qualified'))
    missing.push(['Qualified', 'CSC_BASE_URL (a qualified trust service over the CSC API)']);
  if (missing.length === 0) return parsed.data;
  if (value !== undefined) {
    const [level, needs] = missing[0] ?? ['', ''];
    throw new ConfigError(`SIGNATURE_LEVELS offers ${level}, which needs ${needs}`);
  }
  const unavailable = new Set(missing.map(([level]) => level));
  return parsed.data.filter((level) => !unavailable.has(level));
}
