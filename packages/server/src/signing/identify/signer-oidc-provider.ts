import { createHmac } from 'node:crypto';
import { signingRoutes } from '@esign/contract';
import type * as client from 'openid-client';
import { builtinIssuer, lazyDiscovery } from '../../auth/oidc-login.ts';
import type { AppConfig } from '../../config/env.ts';
import { SignerIdentificationError } from './identification-error.ts';

/** The built-in provider's second client: signers identifying for an Advanced signature. */
export const signerClientId = 'esign-signer-identification';
/** The built-in provider's scope and claim for the personal identity code (asked for by the signer client only). */
export const personalIdentityCodeScope = 'personal_identity_code';
export const builtinPersonalIdClaim = 'personal_identity_code';
export const signerClientScopes = `openid email profile ${personalIdentityCodeScope}`;

export const signerClientSecret = (config: AppConfig) =>
  createHmac('sha256', config.sessionSecret)
    .update('builtin-idp-signer-client')
    .digest('base64url');
export const signerCallbackUrl = (config: AppConfig) =>
  new URL(signingRoutes.identifyCallback.slice(1), config.publicUrl).href;

/** Everything the relying party needs to know about the signers' provider. */
export interface SignerProviderSettings {
  issuer: string;
  clientId: string;
  secret: string | undefined;
  scopes: string;
  /** The claim holding the Finnish personal identity code. */
  personalIdClaim: string;
}

/** The configured provider, the built-in one resolved to its issuer and client; null when there is none. */
export function signerProviderSettings(config: AppConfig): SignerProviderSettings | null {
  const signer = config.signerOidc;
  if (!signer) return null;
  if (signer.kind === 'oidc') {
    return {
      issuer: signer.issuer,
      clientId: signer.clientId,
      secret: signer.clientSecret,
      scopes: signer.scopes,
      personalIdClaim: signer.personalIdClaim,
    };
  }
  return {
    issuer: builtinIssuer(config),
    clientId: signerClientId,
    secret: signerClientSecret(config),
    scopes: signerClientScopes,
    personalIdClaim: builtinPersonalIdClaim,
  };
}

// One discovery per configuration (external provider) or per in-process fetch (built-in one).
const discoveries = new WeakMap<object, () => Promise<client.Configuration>>();

/**
 * The signers' provider: its settings and its discovered configuration (read once, kept).
 * Throws the identification error when no provider is configured.
 */
export function signerProviderOf(config: AppConfig, customFetch: client.CustomFetch | undefined) {
  const settings = signerProviderSettings(config);
  if (!settings) {
    throw new SignerIdentificationError(null, new Error('no signer identification provider'));
  }
  const key = customFetch ?? config;
  let discover = discoveries.get(key);
  if (!discover) {
    discover = lazyDiscovery(settings, customFetch);
    discoveries.set(key, discover);
  }
  return { settings, discover };
}
