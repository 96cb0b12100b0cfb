import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ActiveSession } from '../http/request-context.ts';
import {
  deleteSession,
  deleteUserSessions,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './session.repository.ts';

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** Writes to last_seen_at at most this often, so reads do not turn into writes. */
const touchIntervalMs = 60_000;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a new session with a fresh random token (never one the browser brought: no fixation). */
export async function startSession(
  db: Kysely<Database>,
  input: {
    userId: string;
    loginMethod: 'oidc' | 'saml';
    idToken?: string | null;
    samlNameId?: string | null;
    samlSessionIndex?: string | null;
    ip: string | null;
    userAgent: string | null;
  },
  limits: SessionLimits,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    id: hashSessionToken(token),
    userId: input.userId,
    loginMethod: input.loginMethod,
    idToken: input.idToken ?? null,
    samlNameId: input.samlNameId ?? null,
    samlSessionIndex: input.samlSessionIndex ?? null,
    now,
    expiresAt: new Date(now.getTime() + limits.absoluteMs),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

/** The session a token names if it is neither idle too long nor past its absolute end; expired ones are removed. */
export async function findActiveSession(
  db: Kysely<Database>,
  token: string,
  limits: SessionLimits,
  now: Date,
): Promise<ActiveSession | null> {
  const id = hashSessionToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  const expired =
    now.getTime() >= new Date(row.expires_at).getTime() ||
    now.getTime() - lastSeen >= limits.idleMs;
  if (expired) {
    await deleteSession(db, id);
    return null;
  }
  if (now.getTime() - lastSeen >= touchIntervalMs) await touchSession(db, id, now);
  return {
    id,
    loginMethod: row.login_method,
    idToken: row.id_token,
    samlNameId: row.saml_name_id,
    samlSessionIndex: row.saml_session_index,
    user: {
      id: row.user_id,
      email: row.email,
      displayName: row.display_name,
      organisation: row.organisation,
      title: row.title,
      isAdmin: Boolean(row.is_admin),
      groupIds: row.group_ids,
    },
  };
}

/** Ends a session; the token stops working everywhere at once. */
export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/**
 * Ends every session of a user but the one named by keep (null: all of them), e.g. after a
 * password change or when the user's account is removed; answers how many ended.
 */
export async function endUserSessions(
  db: Kysely<Database>,
  userId: string,
  keep: string | null,
): Promise<number> {
  return deleteUserSessions(db, userId, keep);
}
