import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import Provider, {
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import {
  builtinClientId,
  builtinClientSecret,
  builtinIssuer,
  loggedOutUrl,
  oidcCallbackUrl,
} from '../auth/oidc-login.ts';
import {
  builtinPersonalIdClaim,
  personalIdentityCodeScope,
  signerCallbackUrl,
  signerClientId,
  signerClientScopes,
  signerClientSecret,
} from '../signing/identify/signer-oidc-provider.ts';
import { createIdpAdapter } from './adapter.ts';
import { demoPersonalIdentityCode } from './accounts.service.ts';
import { findAccountById } from './accounts.repository.ts';
import { renderIdpPage } from './pages.ts';
import { loadOrCreateSigningKeys } from './signing-keys.ts';

/** Where the provider sends a browser to log in: the web app's login form for this interaction. */
export const interactionPath = (uid: string) => `/idp-login/${encodeURIComponent(uid)}`;

/** Signers identifying for an Advanced signature; auth_time always, since each signature needs a fresh login. */
const signerClient = (config: AppConfig): ClientMetadata => ({
  client_id: signerClientId,
  client_secret: signerClientSecret(config),
  redirect_uris: [signerCallbackUrl(config)],
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_basic',
  scope: signerClientScopes,
  require_auth_time: true,
});

/**
 * The built-in OpenID Connect provider, mounted under /idp: our local accounts, our own
 * login page, storage in our database, and the portal as its client twice: for users'
 * login and (demo profile) for signers' identification, which alone gets the identity code.
 */
export async function createBuiltinProvider(db: Kysely<Database>, config: AppConfig, clock: Clock) {
  const scope = 'openid email profile groups';
  // Our own clients and the scopes each is granted without asking the user.
  const ownClientScopes: Record<string, string> = {
    [builtinClientId]: scope,
    ...(config.signerOidc?.kind === 'builtin' ? { [signerClientId]: signerClientScopes } : {}),
  };
  const configuration: Configuration = {
    adapter: createIdpAdapter(db, clock),
    clients: [
      {
        client_id: builtinClientId,
        client_secret: builtinClientSecret(config),
        redirect_uris: [oidcCallbackUrl(config)],
        post_logout_redirect_uris: [loggedOutUrl(config)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        scope,
      },
      ...(config.signerOidc?.kind === 'builtin' ? [signerClient(config)] : []),
    ],
    cookies: {
      keys: [
        createHmac('sha256', config.sessionSecret)
          .update('builtin-idp-cookies')
          .digest('base64url'),
      ],
    },
    jwks: await loadOrCreateSigningKeys(db, clock.now()),
    scopes: [...scope.split(' '), personalIdentityCodeScope],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'title', 'organisation'],
      groups: ['groups'],
      [personalIdentityCodeScope]: [builtinPersonalIdClaim],
    },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            name: account.display_name,
            title: account.title ?? undefined,
            organisation: account.organisation ?? undefined,
            groups: JSON.parse(account.groups) as string[],
            [builtinPersonalIdClaim]: demoPersonalIdentityCode(account),
          };
        },
      };
    },
    // The portal's clients are our own: the user is not asked to consent to them.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      const ownScope = ownClientScopes[client.clientId];
      if (existing || !ownScope) return existing;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(ownScope);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = renderIdpPage('logout', form);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = renderIdpPage('loggedOut');
        },
      },
    },
    pkce: { required: () => true },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderIdpPage('error', String(out.error_description ?? out.error ?? ''));
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: Math.round(config.sessionAbsoluteMs / 1000),
      Grant: Math.round(config.sessionAbsoluteMs / 1000),
    },
  };
  const provider = new Provider(builtinIssuer(config), configuration);
  provider.proxy = config.trustProxy !== false || config.publicUrl.protocol === 'https:';
  return provider;
}
