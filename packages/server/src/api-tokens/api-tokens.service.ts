import { randomUUID } from 'node:crypto';
import {
  adminOnlyScopes,
  apiTokenErrorKeys,
  type ApiTokenListItem,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { Clock } from '../time/clock.ts';
import {
  findLiveTokenOwner,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  revokeUserApiTokens,
} from './api-tokens.repository.ts';
import { presentApiToken } from './api-tokens.presenter.ts';
import { generateApiToken, hashApiToken } from './token-format.ts';

export interface ApiTokenDeps {
  db: Kysely<Database>;
  clock: Clock;
  maxDays: number;
}

const dayMs = 86_400_000;

/**
 * Makes a token for the caller and answers it once: only its SHA-256 is stored. Refuses a
 * life over maxDays and an administrator's scope asked for by anyone else; audited.
 */
export async function createApiToken(
  deps: ApiTokenDeps,
  caller: SessionUser,
  input: CreateApiTokenRequest,
  context: RequestContext,
): Promise<CreatedApiToken> {
  if (input.ExpiresInDays > deps.maxDays) {
    throw new AppError('validation', {
      issues: [
        {
          path: 'ExpiresInDays',
          key: apiTokenErrorKeys.expiryTooLong,
          params: { n: deps.maxDays },
        },
      ],
    });
  }
  if (!caller.isAdmin && input.Scopes.some((scope) => adminOnlyScopes.includes(scope))) {
    throw new AppError('forbidden', {
      key: apiTokenErrorKeys.scopeNotAllowed,
      issues: [{ path: 'Scopes', key: apiTokenErrorKeys.scopeNotAllowed }],
    });
  }
  const now = deps.clock.now();
  const token = generateApiToken();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + input.ExpiresInDays * dayMs);
  await deps.db.transaction().execute(async (trx) => {
    await insertApiToken(trx, {
      id,
      userId: caller.id,
      name: input.Name,
      scopes: input.Scopes,
      tokenHash: hashApiToken(token),
      now,
      expiresAt,
    });
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.apiTokenCreated,
        ...context,
        details: { tokenId: id, name: input.Name, scopes: input.Scopes, expiresAt },
      },
      now,
    );
  });
  return {
    Id: id,
    Name: input.Name,
    Scopes: input.Scopes,
    ExpiresAt: expiresAt.toISOString(),
    Token: token,
  };
}

/** The caller's live tokens; with all, every live token of the organisation (administrators). */
export async function listTokens(
  deps: ApiTokenDeps,
  caller: SessionUser,
  all: boolean,
): Promise<ApiTokenListItem[]> {
  if (all && !caller.isAdmin) throw new AppError('forbidden');
  const rows = await listApiTokens(deps.db, all ? null : caller.id);
  return rows.map(presentApiToken);
}

/**
 * Revokes a token of the caller's own, or any token for an administrator: it stops at once.
 * Another user's token is 404 to a non-administrator, so that its existence does not leak.
 */
export async function revokeToken(
  deps: ApiTokenDeps,
  caller: SessionUser,
  id: string,
  context: RequestContext,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const token = await findLiveTokenOwner(trx, id);
    if (!token || (token.user_id !== caller.id && !caller.isAdmin)) throw new AppError('notFound');
    if (!(await revokeApiToken(trx, id, now))) throw new AppError('notFound');
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.apiTokenRevoked,
        ...context,
        details: { tokenId: id, name: token.name, owner: token.user_id },
      },
      now,
    );
  });
}

/** Revokes every token of a user whose account is removed, in the caller's transaction; answers how many. */
export async function revokeUserTokens(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<number> {
  return revokeUserApiTokens(db, userId, now);
}
