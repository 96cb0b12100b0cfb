import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/** The signed-in user, as the session read at the start of the request knows them. */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  organisation: string | null;
  title: string | null;
  isAdmin: boolean;
  /** The groups the user belonged to when the session was read (at the start of the request). */
  groupIds: string[];
}

/** The portal session a request carries; the session plugin (auth) reads it from the cookie. */
export interface ActiveSession {
  /** SHA-256 of the token: safe to log and to bind other tokens to. */
  id: string;
  user: SessionUser;
  loginMethod: string;
  idToken: string | null;
  samlNameId: string | null;
  samlSessionIndex: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

/** Where a request came from, as a login's audit event records it. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Who did it, from where: what the audit trail records beside each event. */
export interface RequestContext {
  actor: string;
  userId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Route hook (onRequest, before the body is read): a signed-in user is required. */
export async function requireSession(request: FastifyRequest) {
  if (!request.session) throw new AppError('unauthorized');
}

/** Route hook (onRequest, before the body is read): an administrator is required. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.session) throw new AppError('unauthorized');
  if (!request.session.user.isAdmin) throw new AppError('forbidden');
}

/** The signed-in user of a route that requireSession or requireAdmin guards. */
export const userOf = (request: FastifyRequest): SessionUser => {
  if (!request.session) throw new Error('requireSession must run first');
  return request.session.user;
};

/** Where the request came from. */
export const requestMetaOf = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The request's context for the audit trail, with the actor the caller names. */
export function requestContextOf(request: FastifyRequest, actor: string): RequestContext {
  return {
    actor,
    userId: request.session?.user.id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}
