import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import type { ExternalIdentity } from './external-identity.ts';
import {
  deleteLoginStatesBefore,
  insertLoginState,
  takeLoginState,
} from './login-states.repository.ts';

export const builtinClientId = 'esign-portal';
/** Pending logins older than this are refused and removed. */
const loginStateTtlMs = 15 * 60_000;

export const builtinIssuer = (config: AppConfig) => new URL('idp', config.publicUrl).href;
export const builtinClientSecret = (config: AppConfig) =>
  createHmac('sha256', config.sessionSecret).update('builtin-idp-client').digest('base64url');
export const oidcCallbackUrl = (config: AppConfig) =>
  new URL('api/esign/Users/callback', config.publicUrl).href;
export const loggedOutUrl = (config: AppConfig) => new URL('logout', config.publicUrl).href;

/** Removes pending logins too old to finish; answers how many went. */
export async function purgeStaleLoginStates(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteLoginStatesBefore(db, new Date(now.getTime() - loginStateTtlMs));
}

export interface OidcLogin {
  /** Starts a login: stores state, nonce and PKCE verifier; answers the state and the provider URL. */
  begin(returnTo: string): Promise<{ state: string; url: string }>;
  /** Finishes a login from the callback URL; answers the identity, the ID token and where to go. */
  finish(
    state: string,
    callbackUrl: URL,
  ): Promise<{ identity: ExternalIdentity; idToken: string | null; returnTo: string }>;
  /** The provider's logout address for this session, when it offers one. */
  logoutUrl(idToken: string | null): Promise<string | null>;
}

const asString = (value: unknown) => (typeof value === 'string' ? value : null);
const asStrings = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Maps standard claims (and common extras) to the portal's user. */
export function identityFromClaims(
  issuer: string,
  claims: Record<string, unknown>,
): ExternalIdentity {
  // An address the provider says it has not verified must not count (it could name an administrator).
  const email = claims.email_verified === false ? '' : (asString(claims.email) ?? '');
  const name =
    asString(claims.name) ??
    [asString(claims.given_name), asString(claims.family_name)].filter(Boolean).join(' ');
  return {
    issuer,
    subject: String(claims.sub),
    email,
    displayName: name || email,
    organisation:
      asString(claims.organisation) ??
      asString(claims.organization) ??
      asString(claims.schacHomeOrganization),
    title: asString(claims.title),
    groups: [...asStrings(claims.groups), ...asStrings(claims.eduPersonEntitlement)],
  };
}

/**
 * Reads a provider's discovery on first use and keeps it; a failure is tried again on the
 * next call. Plain-HTTP issuers are allowed (local and test providers); customFetch
 * reaches the built-in provider in-process.
 */
export function lazyDiscovery(
  settings: { issuer: string; clientId: string; secret: string | undefined },
  customFetch?: client.CustomFetch,
): () => Promise<client.Configuration> {
  let discovered: Promise<client.Configuration> | null = null;
  return () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.secret,
        settings.secret ? client.ClientSecretBasic(settings.secret) : client.None(),
        {
          ...(new URL(settings.issuer).protocol === 'http:'
            ? { execute: [client.allowInsecureRequests] }
            : {}),
          ...(customFetch ? { [client.customFetch]: customFetch } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = null; // try again next time
        throw error;
      });
    return discovered;
  };
}

/**
 * The portal as an OpenID Connect relying party: code flow with PKCE, state and nonce.
 * The server's discovery is read on first use and kept.
 */
export function createOidcLogin(
  db: Kysely<Database>,
  config: AppConfig,
  clock: Clock,
  options: { customFetch?: client.CustomFetch } = {},
): OidcLogin {
  const login = config.login;
  const settings =
    login.kind === 'oidc'
      ? {
          issuer: login.issuer,
          clientId: login.clientId,
          secret: login.clientSecret,
          scopes: login.scopes,
        }
      : {
          issuer: builtinIssuer(config),
          clientId: builtinClientId,
          secret: builtinClientSecret(config),
          scopes: 'openid email profile groups',
        };
  const configuration = lazyDiscovery(settings, options.customFetch);

  return {
    async begin(returnTo) {
      const server = await configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      await insertLoginState(db, {
        state,
        nonce,
        code_verifier: verifier,
        return_to: returnTo,
        created_at: clock.now().toISOString(),
      });
      await purgeStaleLoginStates(db, clock.now());
      const url = client.buildAuthorizationUrl(server, {
        redirect_uri: oidcCallbackUrl(config),
        scope: settings.scopes,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        // The built-in provider always asks for the password: shared computers and demo accounts.
        ...(login.kind === 'builtin' ? { prompt: 'login' } : {}),
      });
      return { state, url: url.href };
    },

    async finish(state, callbackUrl) {
      const server = await configuration();
      const pending = await takeLoginState(db, state);
      if (
        !pending ||
        clock.now().getTime() - new Date(pending.created_at).getTime() > loginStateTtlMs
      ) {
        throw new Error('unknown or expired login state');
      }
      const tokens = await client.authorizationCodeGrant(server, callbackUrl, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims: Record<string, unknown> = { ...tokens.claims() };
      if (server.serverMetadata().userinfo_endpoint) {
        Object.assign(
          claims,
          await client.fetchUserInfo(server, tokens.access_token, String(claims.sub)),
        );
      }
      return {
        identity: identityFromClaims(settings.issuer, claims),
        idToken: tokens.id_token ?? null,
        returnTo: pending.return_to,
      };
    },

    async logoutUrl(idToken) {
      const server = await configuration();
      if (!server.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(server, {
        post_logout_redirect_uri: loggedOutUrl(config),
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    },
  };
}
