import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  addServerErrorResponses,
  bodyErrorResponsesOver,
  sharedSchemaTitles,
} from './error-responses.ts';

type SecurityRequirements = Array<Record<string, string[]>>;
/** The calls a browser session may make: the session cookie, with XSRF on unsafe methods. */
export const sessionSecurity: SecurityRequirements = [{ sessionCookie: [] }];
/** A call that takes a session when there is one and answers without one too. */
export const optionalSessionSecurity: SecurityRequirements = [{}, { sessionCookie: [] }];
/** A signer's calls that need them identified in this browser (e-mail code or strong login). */
export const signerSecurity: SecurityRequirements = [{ signerCookie: [] }];

/** The documented schemes: the browser's session cookie, an API token with a scope, a signer's cookie. */
const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'esign_session',
    description:
      'The browser session (__Host-esign_session behind https), set by the login. Unsafe methods, and the safe ones that change state (send, check), also need the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie: without it 403 errors.csrf.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: [
      'A personal API token (`Authorization: Bearer esign_pat_…`) from the API access page. It acts as its owner, with the access the owner has at the time of the call, within its scopes:',
      '- `signflows:read`: list and read sign flows, their files, audit trail and signing links, and templates;',
      '- `signflows:write`: create, change, upload to, send, check, cancel and delete sign flows, remind and unlock signers; create, change and delete templates and make flows of them;',
      '- `reports:read`: the signing and login reports (administrators only).',
      'Each operation names the scope it needs in its security requirement (`bearerAuth: [scope]`). No cookies and no XSRF header are needed. Refusals: 401 errors.unauthorized (unknown, expired or revoked token), 403 errors.scope (outside its scopes, or a call that takes no token), 400 errors.twoCredentials (a session cookie and a token together), 429 errors.tooManyRequests with Retry-After (over API_RATE_PER_MINUTE calls a minute per token).',
    ].join('\n'),
  },
  signerCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'esign_signer',
    description:
      "A signer's session in the browser that proved who they are (the e-mail code, or the strong login for Advanced), for their own link's calls only; an hour long, ended when they sign or reject.",
  },
} as const;

type JsonValue = unknown;

/**
 * Replaces every inline copy of a titled shared schema (the error bodies, repeated in each
 * operation's answers) with a reference to one copy under components.schemas.
 */
function hoistSharedSchemas<T extends { components?: { schemas?: object } }>(document: T): T {
  const shared: Record<string, JsonValue> = {};
  const visit = (value: JsonValue): JsonValue => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const { title } = value as Record<string, JsonValue>;
    if (typeof title === 'string' && sharedSchemaTitles.includes(title)) {
      // The component without the description of the answer it was first found in.
      shared[title] ??= Object.fromEntries(
        Object.entries(value).filter(([key]) => key !== 'description'),
      );
      return { $ref: `#/components/schemas/${title}` };
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
  };
  const hoisted = visit(document) as T;
  return {
    ...hoisted,
    components: {
      ...hoisted.components,
      schemas: { ...hoisted.components?.schemas, ...shared },
    },
  };
}

type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
/** OpenAPI 3.1 path items by name, as the document's top-level `webhooks` holds them. */
export type OpenApiWebhooks = NonNullable<
  Extract<OpenApiDocument, { webhooks?: unknown }>['webhooks']
>;

/**
 * The OpenAPI 3.1 description, generated from the routes' zod schemas, at /api/docs (JSON at
 * /api/docs/json). `webhooks` are the calls the portal makes to other systems (described by
 * the module that makes them); each is an OpenAPI path item object.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { webhooks?: OpenApiWebhooks } = {},
) {
  // The error handler answers 500 and 503 on every route: each documented route says so.
  app.addHook('onRoute', addServerErrorResponses);
  // Fastify's body parsing answers 413 and 415 before any route code runs.
  app.addHook('onRoute', bodyErrorResponsesOver(app.initialConfig.bodyLimit ?? 1024 * 1024));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'eSign portal API',
        description: [
          'The calls of the eSign portal.',
          '',
          'Every error answers the JSON body `{ status, key, message, issues?, current? }`: `key` is a message key the client translates, `message` its English text, `issues` the refused fields of a 400 (each `{ path, key, params? }`), and `current` the sign flow state `{ Guid, Status, SignFlowDetailsStatus }` of a 409 on a flow that lost to its state. Each operation lists the statuses it answers and why.',
          '',
          'With a browser session, unsafe methods need the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie. The sign-flow and report calls also take a personal API token (`Authorization: Bearer esign_pat_…`) within its scopes; see the bearerAuth scheme.',
        ].join('\n'),
        version: '0.1.0',
      },
      components: { securitySchemes },
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? hoistSharedSchemas(document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** A route as Fastify registered it, for the tests that hold the document against the routes. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the document on purpose (`schema.hide`). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after trackRegisteredRoutes, HEAD and hidden ones included. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Keeps the list of registered routes; called before any route is registered. */
export function trackRegisteredRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat())
      routes.push({ method: String(method), url: route.url, hidden });
  });
}
