import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { builtinAdministratorGroup } from '../idp/accounts.service.ts';
import type { ActiveSession, RequestMeta } from '../http/request-context.ts';
import type { ExternalIdentity } from './external-identity.ts';
import { builtinIssuer } from './oidc-login.ts';
import { endSession, startSession } from './session.service.ts';
import { deleteSamlSessions } from './saml/saml.repository.ts';
import { syncGroupMemberships, upsertUser } from './users.repository.ts';

export interface LoginExtras {
  method: 'oidc' | 'saml';
  idToken?: string | null;
  samlNameId?: string | null;
  samlSessionIndex?: string | null;
}

export function isAdministrator(config: AppConfig, identity: ExternalIdentity): boolean {
  const builtinAdministrator =
    config.login.kind === 'builtin' &&
    identity.issuer === builtinIssuer(config) &&
    identity.groups.includes(builtinAdministratorGroup);
  return (
    builtinAdministrator ||
    identity.groups.some((group) => config.adminGroups.includes(group)) ||
    config.adminEmails.includes(identity.email.toLowerCase())
  );
}

/**
 * Records a successful login: creates or refreshes the user, syncs group memberships
 * from the identity's group identifiers, starts a fresh session and writes the audit
 * event, all in one transaction. Answers the new session token.
 */
export async function completeLogin(
  db: Kysely<Database>,
  config: AppConfig,
  identity: ExternalIdentity,
  extras: LoginExtras,
  meta: RequestMeta,
  now: Date,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const userId = await upsertUser(
      trx,
      randomUUID(),
      {
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        displayName: identity.displayName || identity.email,
        organisation: identity.organisation,
        title: identity.title,
        isAdmin: isAdministrator(config, identity),
      },
      now,
    );
    await syncGroupMemberships(trx, userId, identity.groups);
    const token = await startSession(
      trx,
      {
        userId,
        loginMethod: extras.method,
        idToken: extras.idToken ?? null,
        samlNameId: extras.samlNameId ?? null,
        samlSessionIndex: extras.samlSessionIndex ?? null,
        ...meta,
      },
      { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs },
      now,
    );
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.loginSuccess,
        userId,
        actor: identity.email,
        ...meta,
        details: { method: extras.method },
      },
      now,
    );
    return token;
  });
}

/** Ends a portal session and records the logout, in one transaction. */
export async function logout(
  db: Kysely<Database>,
  session: ActiveSession,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await endSession(trx, session.id);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.logoutSuccess,
        userId: session.user.id,
        actor: session.user.email,
        ...meta,
      },
      now,
    );
  });
}

/**
 * The provider's single logout: ends the sessions its LogoutRequest names and records each
 * as a logout, in one transaction.
 */
export async function endSamlSessions(
  db: Kysely<Database>,
  nameId: string,
  sessionIndex: string | null,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const user of await deleteSamlSessions(trx, nameId, sessionIndex)) {
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.logoutSuccess,
          userId: user.userId,
          actor: user.email,
          ...meta,
          details: { method: 'saml', initiator: 'provider' },
        },
        now,
      );
    }
  });
}

/** Records a failed login attempt (wrong password, refused response) for the reports. */
export async function recordLoginFailure(
  db: Kysely<Database>,
  actor: string | null,
  reason: string,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  await recordAuditEvent(
    db,
    { operation: auditOperations.loginFailure, actor, ...meta, details: { reason } },
    now,
  );
}
