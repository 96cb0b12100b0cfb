import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { rateLimitedCounter } from '../metrics/process-metrics.ts';
import { addRouteErrorResponses, errorResponse } from './error-responses.ts';
import type { Clock } from '../time/clock.ts';

/**
 * Requests one client address may make per window to the calls anyone can make without a
 * session, each of which writes (a pending login, an audit event, a mail) or costs (a
 * password hash, a signature). Generous for an office behind one address, tight for a loop.
 */
export const rateLimits = {
  /** Login starts: ExternalLogin, the built-in provider's /idp/auth, the login callback (3 a login). */
  login: { max: 120, windowMs: 60_000 },
  /** Passwords sent to the built-in login form (wrong ones are also throttled per account). */
  password: { max: 30, windowMs: 60_000 },
  /** Signers asking for an e-mail code (each signer may also ask only every 30 s). */
  signerCode: { max: 30, windowMs: 60_000 },
  /** Time-stamp requests to the public TSA (TSA_PUBLIC=true). */
  timestamp: { max: 60, windowMs: 60_000 },
  /** Files sent to the public verification page (each read whole; a report also costs a seal). */
  verify: { max: 30, windowMs: 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;
export type RateLimitName = keyof typeof rateLimits;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts the route's requests per client address against this limit (see rateLimits). */
    rateLimit?: RateLimitName;
  }
}

/** Addresses remembered at most; past it expired windows go first, then the oldest. */
const maxKeys = 50_000;

/**
 * Fixed-window counts per key in this process's memory: no database write per request (the
 * point is to spare the database), bounded in size, and per node, so N nodes allow N times
 * the limit.
 */
export function createRateCounter(clock: Clock) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const makeRoom = (now: number) => {
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
    const oldest = windows.keys().next();
    if (windows.size >= maxKeys && !oldest.done) windows.delete(oldest.value);
  };
  return {
    /** Counts one request; answers how long until the key may ask again (0: not over the limit). */
    hit(key: string, limit: { max: number; windowMs: number }): number {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (windows.size >= maxKeys) makeRoom(now);
        window = { count: 0, endsAt: now + limit.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > limit.max ? window.endsAt - now : 0;
    },
    size: () => windows.size,
  };
}

/** Paths no route of ours serves that count all the same: the built-in provider's login start. */
const pathLimits: Array<[RegExp, RateLimitName]> = [[/^\/idp\/auth(?:\?|$)/, 'login']];

/**
 * One onRequest hook, before the session is read and before the built-in provider's
 * middleware: a request over its route's limit (`config.rateLimit`) answers 429 with
 * Retry-After and costs nothing more.
 */
export function registerRateLimits(app: FastifyInstance, clock: Clock) {
  const counter = createRateCounter(clock);
  // Every limit shows in /metrics from the start, so that rate() has a series at once.
  for (const limit of Object.keys(rateLimits)) rateLimitedCounter.inc({ limit }, 0);
  app.addHook('onRoute', (route) => {
    const name = route.config?.rateLimit;
    if (!name) return;
    const { max, windowMs } = rateLimits[name];
    addRouteErrorResponses(
      route,
      errorResponse(
        429,
        `errors.tooManyRequests: over ${max} calls in ${windowMs / 1000} s from one address (counted by each server node); Retry-After says when to try again.`,
        { retryAfter: true },
      ),
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    const name =
      request.routeOptions.config.rateLimit ??
      pathLimits.find(([pattern]) => pattern.test(request.url))?.[1];
    if (!name) return;
    const waitMs = counter.hit(`${name} ${request.ip}`, rateLimits[name]);
    if (waitMs === 0) return;
    rateLimitedCounter.inc({ limit: name });
    reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
    throw new AppError('tooManyRequests');
  });
}
