import { cscAlgorithms } from '@esign/pades';
import * as client from 'openid-client';
import type { CscConfig } from '../../config/csc-config.ts';

// One openid-client configuration per CSC configuration; CSC names the endpoints, so no discovery.
const servers = new WeakMap<CscConfig, client.Configuration>();

function oauthServer(csc: CscConfig): client.Configuration {
  const known = servers.get(csc);
  if (known) return known;
  const server = new client.Configuration(
    {
      issuer: csc.oauthUrl,
      authorization_endpoint: `${csc.oauthUrl}/authorize`,
      token_endpoint: `${csc.oauthUrl}/token`,
    },
    csc.clientId,
    undefined,
    // CSC API v2 oauth2/token takes client_id and client_secret in the form body.
    client.ClientSecretPost(csc.clientSecret),
  );
  if (new URL(csc.oauthUrl).protocol === 'http:') client.allowInsecureRequests(server);
  servers.set(csc, server);
  return server;
}

/** A service-scope access token (client_credentials) for credentials/list and credentials/info. */
export async function requestServiceToken(csc: CscConfig): Promise<string> {
  return (await client.clientCredentialsGrant(oauthServer(csc))).access_token;
}

/**
 * The oauth2/authorize URL where the signer authorises the credential for exactly one
 * hash (scope 'credential', CSC API v2), with state and a PKCE S256 challenge.
 */
export function credentialAuthorizationUrl(
  csc: CscConfig,
  request: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
    credentialID: string;
    hash: Buffer;
  },
): string {
  return client.buildAuthorizationUrl(oauthServer(csc), {
    redirect_uri: request.redirectUri,
    scope: 'credential',
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    state: request.state,
    credentialID: request.credentialID,
    numSignatures: '1',
    hashes: request.hash.toString('base64url'),
    hashAlgorithmOID: cscAlgorithms.sha256,
  }).href;
}

/** Exchanges the callback's code for the credential-scope access token that signHash takes. */
export async function exchangeCredentialCode(
  csc: CscConfig,
  callback: { redirectUri: string; code: string; state: string; verifier: string },
): Promise<string> {
  const url = new URL(callback.redirectUri);
  url.searchParams.set('code', callback.code);
  url.searchParams.set('state', callback.state);
  const tokens = await client.authorizationCodeGrant(oauthServer(csc), url, {
    pkceCodeVerifier: callback.verifier,
    expectedState: callback.state,
  });
  return tokens.access_token;
}
