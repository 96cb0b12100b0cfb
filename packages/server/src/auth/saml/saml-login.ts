import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type Profile, type SamlConfig } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../time/clock.ts';
import type { ExternalIdentity } from '../external-identity.ts';
import { safeReturnPath } from '../return-path.ts';
import type { ActiveSession } from '../../http/request-context.ts';
import { identityFromProfile, isAssertionBoundTo } from './saml-identity.ts';
import { samlRequestStore } from './saml.repository.ts';

/** How long a login or logout request waits for the provider's answer. */
const requestTtlMs = 15 * 60_000;
const unspecifiedFormat = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

export const samlAcsUrl = (config: AppConfig) =>
  new URL('api/esign/Users/saml/acs', config.publicUrl).href;
export const samlSloUrl = (config: AppConfig) =>
  new URL('api/esign/Users/saml/slo', config.publicUrl).href;

export interface SamlLoginResult {
  identity: ExternalIdentity;
  nameId: string;
  sessionIndex: string | null;
  returnTo: string;
}

/** A provider's logout message: a LogoutRequest names the sessions to end and where to answer. */
export type SamlLogoutMessage =
  | { kind: 'request'; nameId: string; sessionIndex: string | null; answerUrl: string | null }
  | { kind: 'response' };

/** A login request made for one browser: where to send it, and the id to bind it to. */
export interface SamlLoginStart {
  url: string;
  requestId: string;
}

export interface SamlLogin {
  /** Keeps the return path with the request; nothing of it travels in RelayState. */
  loginUrl(returnTo: string): Promise<SamlLoginStart>;
  logoutUrl(session: ActiveSession): Promise<string | null>;
  metadata(): string;
  /** Accepts only an answer to requestId, the request this browser started. */
  validate(body: Record<string, string>, requestId: string): Promise<SamlLoginResult>;
  /** originalQuery is the raw query string for the redirect binding, null for the POST binding. */
  validateLogout(
    fields: Record<string, string>,
    originalQuery: string | null,
  ): Promise<SamlLogoutMessage>;
}

/**
 * The portal as a SAML2 service provider (Haka and other federations): signed assertions
 * only, answers only to the request the browser itself started (made by any node, each
 * answered once), attributes mapped to the portal's user.
 */
export function createSamlLogin(db: Kysely<Database>, config: AppConfig, clock: Clock): SamlLogin {
  const login = config.login;
  if (login.kind !== 'saml') throw new Error('SAML login is not configured');
  const acsUrl = samlAcsUrl(config);
  const options: SamlConfig = {
    callbackUrl: acsUrl,
    logoutCallbackUrl: samlSloUrl(config),
    entryPoint: login.entryPoint,
    issuer: login.issuer,
    idpCert: login.idpCert,
    ...(login.logoutUrl ? { logoutUrl: login.logoutUrl } : {}),
    // Federations choose the NameID format; the lasting subject comes from eduPersonPrincipalName.
    identifierFormat: null,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    signatureAlgorithm: 'sha256',
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: requestTtlMs,
    acceptedClockSkewMs: 60_000,
    disableRequestedAuthnContext: true,
    // With its own key pair the portal signs its requests and can read encrypted assertions
    // (Shibboleth IdPs encrypt for any SP whose metadata offers a key).
    ...(login.spKey && login.spCert
      ? { privateKey: login.spKey, decryptionPvk: login.spKey, publicCert: login.spCert }
      : {}),
  };
  const shared = new SAML({ ...options, cacheProvider: samlRequestStore(db, requestTtlMs, clock) });

  return {
    async loginUrl(returnTo) {
      const requestId = `_${randomBytes(20).toString('hex')}`;
      const saml = new SAML({
        ...options,
        generateUniqueId: () => requestId,
        cacheProvider: samlRequestStore(db, requestTtlMs, clock, {
          returnTo: safeReturnPath(returnTo),
        }),
      });
      // No RelayState: the provider echoes it back unsigned, so the return path stays here.
      return { url: await saml.getAuthorizeUrlAsync('', undefined, {}), requestId };
    },

    async logoutUrl(session) {
      if (!login.logoutUrl || !session.samlNameId) return null;
      const subject: Profile = {
        issuer: '', // not part of a LogoutRequest
        nameID: session.samlNameId,
        nameIDFormat: unspecifiedFormat,
        ...(session.samlSessionIndex ? { sessionIndex: session.samlSessionIndex } : {}),
      };
      return shared.getLogoutUrlAsync(subject, '', {});
    },

    metadata: () =>
      shared.generateServiceProviderMetadata(login.spCert ?? null, login.spCert ?? null),

    async validate(body, boundRequestId) {
      // One SAML per response, so that it can tell whether this response consumed its request;
      // any request but the browser's own counts as never made.
      const consumed = new Map<string, string | null>();
      const store = samlRequestStore(db, requestTtlMs, clock, {
        boundTo: boundRequestId,
        onRemoved: (id, returnTo) => consumed.set(id, returnTo),
      });
      const { profile } = await new SAML({
        ...options,
        cacheProvider: store,
      }).validatePostResponseAsync(body);
      if (!profile) throw new Error('the response carries no assertion');
      const requestId = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '';
      if (requestId !== boundRequestId)
        throw new Error('the response answers a login this browser did not start');
      if (!isAssertionBoundTo(profile, requestId, acsUrl)) {
        await store.removeAsync(requestId);
        throw new Error('the assertion does not answer this request at this address');
      }
      if (!consumed.has(requestId)) throw new Error('the request was already answered');
      return {
        identity: identityFromProfile(profile),
        nameId: profile.nameID,
        sessionIndex: profile.sessionIndex ?? null,
        returnTo: safeReturnPath(consumed.get(requestId)),
      };
    },

    async validateLogout(fields, originalQuery) {
      const isRequest = typeof fields.SAMLRequest === 'string';
      // node-saml accepts an unsigned redirect message; a request that ends sessions must be signed.
      if (isRequest && originalQuery !== null && !fields.Signature)
        throw new Error('unsigned LogoutRequest');
      const { profile } =
        originalQuery !== null
          ? await shared.validateRedirectAsync(fields, originalQuery)
          : isRequest
            ? await shared.validatePostRequestAsync(fields)
            : { profile: null };
      if (!isRequest || !profile) return { kind: 'response' };
      const answerUrl = login.logoutUrl
        ? await shared.getLogoutResponseUrlAsync(profile, fields.RelayState ?? '', {}, true)
        : null;
      return {
        kind: 'request',
        nameId: profile.nameID,
        sessionIndex: profile.sessionIndex ?? null,
        answerUrl,
      };
    },
  };
}
