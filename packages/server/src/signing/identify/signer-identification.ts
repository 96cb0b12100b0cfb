import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { AppConfig } from '../../config/env.ts';
import { toIsoString } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Clock } from '../../time/clock.ts';
import {
  deleteAuthStatesBefore,
  insertAuthState,
  takeAuthState,
} from '../signer-auth.repository.ts';
import { SignerIdentificationError } from './identification-error.ts';
import {
  decodePendingIdentification,
  encodePendingIdentification,
} from './pending-identification.ts';
import { signerCallbackUrl, signerProviderOf } from './signer-oidc-provider.ts';
import {
  verifiedIdentityFromClaims,
  type VerifiedIdentity,
  type WarningLog,
} from './verified-identity.ts';

export interface SignerIdentificationDeps {
  db: Kysely<Database>;
  config: AppConfig;
  /** The signing side's clock (SigningDeps.clock fits). */
  clock: Clock;
  /** Reaches the built-in provider in-process (injectFetch of auth/identity.ts); unset for an external one. */
  customFetch?: client.CustomFetch;
  /** Where a refused claim is reported, e.g. the request's logger; the console when unset. */
  log?: WarningLog;
}

/** A pending identification older than this is refused (and removed at the next start). */
export const identificationTtlMs = 10 * 60_000;
const stateKind = 'oidc';

function openPending(config: AppConfig, state: string, payload: string) {
  try {
    return decodePendingIdentification(config.sessionSecret, state, payload);
  } catch (cause) {
    throw new SignerIdentificationError(null, cause);
  }
}

/**
 * Starts a fresh strong login of one signer: keeps state, nonce and PKCE verifier for ten
 * minutes and answers the provider's authorization URL, which always asks for a new login.
 */
export async function startSignerIdentification(
  deps: SignerIdentificationDeps,
  signerId: string,
  returnToken: string,
): Promise<string> {
  const { settings, discover } = signerProviderOf(deps.config, deps.customFetch);
  const server = await discover().catch((cause: unknown) => {
    throw new AppError('unavailable', { cause });
  });
  const now = deps.clock.now();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await deleteAuthStatesBefore(deps.db, stateKind, new Date(now.getTime() - identificationTtlMs));
  await insertAuthState(deps.db, stateKind, {
    state,
    signerId,
    payload: encodePendingIdentification(deps.config.sessionSecret, state, {
      nonce,
      verifier,
      returnToken,
    }),
    createdAt: now,
  });
  return client.buildAuthorizationUrl(server, {
    redirect_uri: signerCallbackUrl(deps.config),
    scope: settings.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    // Each signature needs its own strong login: no single sign-on from an earlier one.
    prompt: 'login',
    max_age: '0',
  }).href;
}

/**
 * Finishes an identification from the provider's callback: the state is used up whatever
 * happens, the code exchanged, the ID token checked (nonce, and a login no older than the
 * identification); answers the signer, their link token and the identity they proved.
 */
export async function completeSignerIdentification(
  deps: SignerIdentificationDeps,
  callbackUrl: URL,
): Promise<{ signerId: string; returnToken: string; identity: VerifiedIdentity }> {
  const { settings, discover } = signerProviderOf(deps.config, deps.customFetch);
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw new SignerIdentificationError(null, new Error('no state in the callback'));
  const row = await takeAuthState(deps.db, stateKind, state);
  if (!row) throw new SignerIdentificationError(null, new Error('unknown or used state'));
  const pending = openPending(deps.config, state, row.payload);
  const elapsedMs = deps.clock.now().getTime() - Date.parse(toIsoString(row.created_at));
  if (elapsedMs > identificationTtlMs) {
    throw new SignerIdentificationError(pending.returnToken, new Error('expired state'));
  }
  try {
    const server = await discover();
    const tokens = await client.authorizationCodeGrant(server, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
      // max_age=0 was asked for: the login must have happened after the identification started.
      maxAge: Math.max(0, Math.ceil(elapsedMs / 1000)),
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    const claims: Record<string, unknown> = { ...idToken };
    if (server.serverMetadata().userinfo_endpoint) {
      Object.assign(claims, await client.fetchUserInfo(server, tokens.access_token, idToken.sub));
    }
    const identity = verifiedIdentityFromClaims(
      idToken.iss,
      claims,
      settings.personalIdClaim,
      deps.log ?? { warn: (details, message) => console.warn(message, details) },
    );
    return { signerId: row.signer_id, returnToken: pending.returnToken, identity };
  } catch (cause) {
    throw new SignerIdentificationError(pending.returnToken, cause);
  }
}
