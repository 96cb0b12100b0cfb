import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActiveSession } from '../http/request-context.ts';

/** How the configured login method starts a login and ends one at the provider. */
export interface LoginMethod {
  loginUrl(returnTo: string, request: FastifyRequest, reply: FastifyReply): Promise<string>;
  logoutUrl(session: ActiveSession): Promise<string | null>;
}
