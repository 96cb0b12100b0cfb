import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { afterAll, beforeAll } from 'vitest';
import { createSamlLogin, samlAcsUrl, type SamlLogin } from '../../src/auth/saml/saml-login.ts';
import { loadConfig, type AppConfig } from '../../src/config/env.ts';
import type { DatabaseKind } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { systemClock } from '../../src/time/clock.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { createWebDist } from './test-app.ts';
import {
  buildResponse,
  createTestKey,
  requestIdOf,
  signXml,
  type ResponseOptions,
} from './saml-idp.ts';

export const idpKey = createTestKey('test-idp');
export const otherKey = createTestKey('another-idp');
export const spIssuer = 'https://esign.example.fi/sp';
export const oid = {
  eppn: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  displayName: 'urn:oid:2.16.840.1.113730.3.1.241',
  homeOrg: 'urn:oid:1.3.6.1.4.1.25178.1.2.9',
  title: 'urn:oid:2.5.4.12',
  entitlement: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.7',
};
export const hakaAttributes = {
  [oid.eppn]: ['maija@uni.example.fi'],
  [oid.mail]: ['maija.meikalainen@uni.example.fi'],
  [oid.displayName]: ['Maija Meikäläinen'],
  [oid.homeOrg]: ['uni.example.fi'],
  [oid.title]: ['Researcher'],
  [oid.entitlement]: ['urn:mace:uni.example.fi:esign-signers', 'urn:mace:uni.example.fi:other'],
};
export const signedResponse = (options: ResponseOptions) => signXml(buildResponse(options), idpKey);

export interface SamlTestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  samlLogin: SamlLogin;
  /**
   * A fresh AuthnRequest from the SP: the cookies of the browser that started it, the login
   * address the browser was sent to, and the options of a response to it.
   */
  startLogin(returnTo?: string): Promise<{
    browser: Record<string, string>;
    url: URL;
    options: ResponseOptions;
  }>;
  /**
   * Posts a response to the ACS the way a browser sent by the IdP does: cross-site,
   * form-encoded, with that browser's cookies (none: a browser that started no login).
   */
  postToAcs(
    xml: string,
    browser: Record<string, string>,
    relayState?: string,
  ): ReturnType<FastifyInstance['inject']>;
  count(table: 'sessions' | 'users' | 'audit_events', operation?: string): Promise<number>;
}

/** A SAML-configured app over a fresh migrated database of the given kind, for one describe. */
export function useSamlTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): SamlTestContext {
  const context = {
    async startLogin(returnTo = '/esign/edit/1') {
      // The portal's own login address, as the web app's login link uses it.
      const start = await context.app.inject({
        url: `/api/esign/Users/ExternalLogin?r=${encodeURIComponent(returnTo)}`,
      });
      const url = String(start.headers.location);
      const browser = Object.fromEntries(start.cookies.map((item) => [item.name, item.value]));
      const acsUrl = samlAcsUrl(context.config);
      const options = {
        requestId: requestIdOf(url),
        acsUrl,
        audience: spIssuer,
        attributes: hakaAttributes,
      };
      return { browser, url: new URL(url), options };
    },
    postToAcs: (xml, browser, relayState) =>
      context.app.inject({
        method: 'POST',
        url: '/api/esign/Users/saml/acs',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://idp.example.org',
          'sec-fetch-site': 'cross-site',
        },
        cookies: browser,
        payload: new URLSearchParams({
          SAMLResponse: Buffer.from(xml).toString('base64'),
          ...(relayState === undefined ? {} : { RelayState: relayState }),
        }).toString(),
      }),
    async count(table, operation) {
      let query = context.database.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'));
      if (operation) query = query.where('operation', '=', operation);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
  } as SamlTestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase(kind);
    await migrateToLatest(context.database.handle);
    context.config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: context.database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: createWebDist(),
      PUBLIC_URL: 'http://127.0.0.1/',
      SAML_ENTRY_POINT: 'https://idp.example.org/sso',
      SAML_IDP_CERT: idpKey.certificate,
      SAML_ISSUER: spIssuer,
      SAML_LOGOUT_URL: 'https://idp.example.org/slo',
      ...env,
    });
    context.samlLogin = createSamlLogin(context.database.handle.db, context.config, systemClock);
    context.app = await buildApp({ config: context.config, database: context.database.handle });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.dispose();
  });
  return context;
}
