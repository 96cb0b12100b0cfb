import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearerCall } from './api-tokens.ts';
import type { TestClient } from './client.ts';
import { httpMethods, openApiPathOf, type OpenApiDocument } from './openapi-rules.ts';

// Holding the OpenAPI document against the app: its routes, and what its calls answer.

/** The routes kept out of the document on purpose, and why. */
const hiddenOnPurpose: Array<[RegExp, string]> = [
  [/^\/api\/docs(\/|$)/, 'the document and its viewer themselves'],
  [/^\/metrics$/, "Prometheus's scrape in its text format, for operators (README, Operations)"],
  [/^\/robots\.txt$/, 'for crawlers'],
  [/^\/(favicon\.ico|logo\.svg)$/, "the browser's icon and the page logo"],
  [/^\/idp-assets\//, "a script of the built-in provider's logout page"],
  [/^\/\*$/, "the web app's built files and its history fallback"],
  [/^\/$/, "the web app's page at '/' (the static files' wildcard would answer it as a folder)"],
];

export const validateDocument = async (document: unknown) => {
  const result = await new Validator().validate(document as Record<string, unknown>);
  return { valid: result.valid, errors: JSON.stringify(result.errors ?? []).slice(0, 2000) };
};

export const fetchDocument = async (app: FastifyInstance): Promise<OpenApiDocument> => {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

export const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

/** Registered routes that are neither HEAD (Fastify adds one per GET) nor hidden on purpose. */
export function undocumentedRoutes(app: FastifyInstance, document: OpenApiDocument): string[] {
  return app.registeredRoutes
    .filter((route) => route.method !== 'HEAD' && !route.hidden)
    .map((route) => `${route.method} ${openApiPathOf(route.url)}`)
    .filter((key) => {
      const [method = '', path = ''] = key.split(' ');
      return document.paths[path]?.[method.toLowerCase()] === undefined;
    });
}

export const hiddenWithoutReason = (app: FastifyInstance) =>
  app.registeredRoutes
    .filter(
      (route) => route.hidden && !hiddenOnPurpose.some(([pattern]) => pattern.test(route.url)),
    )
    .map((route) => `${route.method} ${route.url}`);

/** A value each kind of path parameter accepts, so that the call reaches the route's own code. */
const sampleParameter = (name: string) =>
  ({ token: 'a'.repeat(43), uid: 'no-such-interaction', file: 'fi.json' })[name] ?? randomUUID();

export type Caller = (
  method: string,
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

/**
 * Calls every operation as each caller (with made-up ids, an empty JSON body) and answers
 * each answer the operation does not declare, and every 5xx.
 */
export async function undeclaredAnswers(
  document: OpenApiDocument,
  callers: Record<string, Caller>,
) {
  const operations = operationsOf(document).sort(
    // Logging out last: the signed-in callers stay signed in for every other call.
    (a, b) =>
      Number(a.path.endsWith('/ExternalLogout')) - Number(b.path.endsWith('/ExternalLogout')),
  );
  const found: string[] = [];
  const seen = new Map<string, number>();
  for (const [name, call] of Object.entries(callers)) {
    for (const { path, method, operation } of operations) {
      const url = path.replace(/\{([^}]+)\}/g, (_match, parameter: string) =>
        sampleParameter(parameter),
      );
      const response = await call(
        method.toUpperCase(),
        url,
        operation.requestBody === undefined ? undefined : {},
      );
      const status = String(response.statusCode);
      seen.set(status, (seen.get(status) ?? 0) + 1);
      if (!(status in (operation.responses ?? {})) || response.statusCode >= 500)
        found.push(
          `${name}: ${method.toUpperCase()} ${path} answered ${status} ${response.body.slice(0, 200)}`,
        );
    }
  }
  return { undeclared: found, statuses: Object.fromEntries(seen) };
}

export const browserCaller =
  (browser: TestClient): Caller =>
  (method, url, payload) =>
    browser.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) });

export const bearerCaller =
  (app: FastifyInstance, token: string): Caller =>
  (method, url, payload) =>
    bearerCall(app, token, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
