import {
  ErrorBody as ContractErrorBody,
  FlowConflictBody as ContractFlowConflictBody,
  TemplateConflictBody as ContractTemplateConflictBody,
} from '@esign/contract';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

// The error answers a route declares in its schema. They document the call (OpenAPI) and
// also serialise the answer: each body must carry every field the error handler sends
// (ErrorBody does: status, key, message, issues, current), or the field would be dropped.

// Titled, so that the document names them once as components (openapi.ts hoists them).
/** Every error's body. */
export const ErrorBody = ContractErrorBody.meta({ title: 'ErrorBody' });
/** A 409 on one sign flow that lost to its state, with `current`. */
export const FlowConflictBody = ContractFlowConflictBody.meta({ title: 'FlowConflictBody' });
/** A 409 on a template whose Version moved on, with the template now as `current`. */
export const TemplateConflictBody = ContractTemplateConflictBody.meta({
  title: 'TemplateConflictBody',
});

/** What each error status means wherever it is given; a route may name its own reason instead. */
export const errorMeanings = {
  400: 'The request is not valid: `issues` names each refused field (`path`) with its message key (`validation.…`) and parameters; `key` is errors.checkInput or a more precise reason.',
  401: 'Not signed in: no session, or it has ended (errors.unauthorized).',
  403: 'Not allowed (errors.forbidden).',
  404: 'Not found, or not visible to the caller: the answer does not tell which (errors.notFound).',
  409: 'Conflicts with the current state; nothing was changed.',
  413: 'The request body is over the size limit.',
  415: 'The request body is of a type this call does not take.',
  429: 'Too many requests (errors.tooManyRequests).',
  500: "An unexpected error (errors.unexpected). The body never carries its details; the server's log has them under the answer's X-Request-Id.",
  503: 'Not available right now: the database or the file store does not answer or is full (errors.unavailable); try again in a moment.',
} as const;
export type ErrorStatus = keyof typeof errorMeanings;

/** The Retry-After header of a 429 that comes with one (as OpenAPI response headers). */
const retryAfterHeader = {
  'Retry-After': {
    type: 'integer',
    minimum: 1,
    description:
      'Seconds to wait before trying again (sent with the rate limits and throttles that say so).',
  },
};

/** Fastify's own body for a request that reached a node while it was shutting down. */
export const ShuttingDownBody = z
  .object({ statusCode: z.literal(503), error: z.string(), message: z.string() })
  .meta({ title: 'ShuttingDownBody' });

/** The titles of the bodies above, which the document keeps once under components.schemas. */
export const sharedSchemaTitles = [
  'ErrorBody',
  'FlowConflictBody',
  'TemplateConflictBody',
  'ShuttingDownBody',
];

type ResponseSchemas = Record<string, unknown>;

interface ErrorAnswerOptions {
  /** The body; ErrorBody unless the answer carries more (FlowConflictBody). */
  body?: z.ZodType;
  /** True when this answer comes with a Retry-After header. */
  retryAfter?: boolean;
}

function describedBody(body: z.ZodType, description: string, headers?: object) {
  return body.meta({ description, ...(headers ? { headers } : {}) });
}

/** One error answer with the route's own reason for it. */
export function errorResponse(
  status: ErrorStatus,
  reason: string,
  { body = ErrorBody, retryAfter = false }: ErrorAnswerOptions = {},
): ResponseSchemas {
  return { [status]: describedBody(body, reason, retryAfter ? retryAfterHeader : undefined) };
}

/** Error answers that mean what errorMeanings says, each with the ErrorBody. */
export function errorResponses(...statuses: ErrorStatus[]): ResponseSchemas {
  return Object.fromEntries(
    statuses.map((status) => [status, describedBody(ErrorBody, errorMeanings[status])]),
  );
}

const metaOf = (schema: unknown): { description?: string; headers?: object } =>
  schema instanceof z.ZodType ? ((z.globalRegistry.get(schema) ?? {}) as object) : {};

/**
 * Joins two declarations of one status: the body first declared stays (it is the more
 * precise), the reasons are both given, the headers of both are kept.
 */
function joinAnswers(declared: unknown, added: unknown): unknown {
  if (!(declared instanceof z.ZodType)) return declared;
  const first = metaOf(declared);
  const second = metaOf(added);
  const reasons = [first.description, second.description].filter(
    (reason, index, all): reason is string => !!reason && all.indexOf(reason) === index,
  );
  const headers =
    first.headers || second.headers ? { ...first.headers, ...second.headers } : undefined;
  return describedBody(declared, reasons.join(' '), headers);
}

/** The responses with more error answers; a status declared already gains the added reason. */
export function withErrorResponses(
  responses: ResponseSchemas | undefined,
  added: ResponseSchemas,
): ResponseSchemas {
  const joined: ResponseSchemas = { ...responses };
  for (const [status, answer] of Object.entries(added)) {
    joined[status] = status in joined ? joinAnswers(joined[status], answer) : answer;
  }
  return joined;
}

/**
 * For onRoute hooks of what runs around every route (the XSRF check, rate limits, API tokens,
 * the error handler): adds the answers they may give to a documented route's schema. The
 * schema is replaced, not changed in place, because routes may share one schema object.
 */
export function addRouteErrorResponses(routeOptions: RouteOptions, added: ResponseSchemas) {
  const schema = routeOptions.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return;
  routeOptions.schema = {
    ...schema,
    response: withErrorResponses(schema.response as ResponseSchemas | undefined, added),
  };
}

const shuttingDown =
  "While this node is shutting down it answers any call so, with Fastify's own body `{ statusCode, error, message }` and Connection: close: try again, another node or the restarted one answers.";

/**
 * onRoute: the error handler's 500 (anything unexpected) and 503 (an outage of what the call
 * needs), and Fastify's 503 while the node closes, are possible on every route.
 */
export function addServerErrorResponses(routeOptions: RouteOptions) {
  const schema = routeOptions.schema as (Record<string, unknown> & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return;
  const responses = schema.response as ResponseSchemas | undefined;
  const declared = responses?.[503];
  const body = z.union([declared instanceof z.ZodType ? declared : ErrorBody, ShuttingDownBody]);
  const reason = metaOf(declared).description ?? errorMeanings[503];
  routeOptions.schema = {
    ...schema,
    response: {
      ...withErrorResponses(responses, errorResponses(500)),
      503: describedBody(body, `${reason} ${shuttingDown}`),
    },
  };
}

const sizeOf = (bytes: number) =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * onRoute: a route that takes a body may get Fastify's 415 (a Content-Type it has no parser
 * for) and, unless it streams a multipart upload, 413 past the app's body limit.
 */
export function bodyErrorResponsesOver(bodyLimit: number) {
  return (routeOptions: RouteOptions) => {
    const schema = routeOptions.schema as { body?: unknown; consumes?: string[] } | undefined;
    const multipart = schema?.consumes?.includes('multipart/form-data') === true;
    if (!schema?.body && !multipart) return;
    addRouteErrorResponses(routeOptions, {
      ...errorResponse(
        415,
        `The request's Content-Type is not one the portal reads (send ${multipart ? 'multipart/form-data' : 'application/json, unless the call says otherwise'}).`,
      ),
      ...(multipart
        ? {}
        : errorResponse(413, `The request body is over ${sizeOf(bodyLimit)} (errors.checkInput).`)),
    });
  };
}

/** A 409 on one sign flow that lost to its state: the body always carries `current`. */
export const flowConflictResponse = (reason: string) =>
  errorResponse(409, `${reason} \`current\` is the flow's state now; nothing was changed.`, {
    body: FlowConflictBody,
  });

/**
 * For the schema of an operation that cannot refuse a request (no 4xx at all: no input, no
 * login), saying why; the OpenAPI test takes this instead of a declared 4xx.
 */
export const withoutClientErrors = (reason: string) => ({ 'x-no-client-errors': reason });

/** For an operation with path parameters that answers something other than 404 to an unknown one. */
export const withoutNotFound = (reason: string) => ({ 'x-no-not-found': reason });
