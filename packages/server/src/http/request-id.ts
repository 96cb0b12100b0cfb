import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A caller's id is taken as it is only when it cannot smuggle anything into logs or headers. */
const safeRequestId = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id a proxy (or any caller) sent, when it is a safe
 * token, else a random UUID. Fastify's own requestIdHeader would take any value unchecked.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
}

/**
 * Echoes the request id in the X-Request-Id response header, so that a user's report or a
 * proxy's log leads to the server's log lines (each carries it as `requestId`). Registered
 * first, so that it runs before any hook that may answer early.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
