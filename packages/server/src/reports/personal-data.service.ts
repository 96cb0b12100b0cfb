import { createHmac } from 'node:crypto';
import {
  personalDataColumns,
  type PersonalDataQuery,
  type PersonalDataTarget,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import { writeCsv } from './personal-csv.ts';
import { queryRow } from './personal-data.presenter.ts';
import { collectPortalData } from './personal-portal-data.ts';
import { collectServiceData } from './personal-service-data.ts';

export interface PersonalDataDeps {
  db: Kysely<Database>;
  config: { sessionSecret: string; timeZone: string };
  clock: Clock;
}

/** The organisation's calendar date (YYYY-MM-DD), for the file name. */
const localDate = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/**
 * A keyed digest (HMAC-SHA-256) of the identifier for the audit log: the same person gives
 * the same digest, so "who asked about X" can be answered by someone who knows X, while
 * the log itself neither holds nor reveals it. Addresses are compared in lower case.
 */
export function identifierDigestOf(secret: string, query: PersonalDataQuery): string {
  const key = createHmac('sha256', secret).update('personal-data-query').digest();
  const identifier =
    query.IdentifierType === 'Email' ? query.Identifier.toLowerCase() : query.Identifier;
  return createHmac('sha256', key).update(`${query.IdentifierType}:${identifier}`).digest('hex');
}

/**
 * Answers a GDPR article 15 query as a CSV document and records, in the same step, that
 * the administrator made it; the audit event carries the identifier only as its digest.
 */
export async function runPersonalDataQuery(
  deps: PersonalDataDeps,
  admin: SessionUser,
  target: PersonalDataTarget,
  query: PersonalDataQuery,
  request: Omit<RequestContext, 'actor' | 'userId'>,
): Promise<{ csv: string; fileName: string }> {
  const now = deps.clock.now();
  const digest = identifierDigestOf(deps.config.sessionSecret, query);
  const rows =
    target === 'service'
      ? await collectServiceData(deps.db, query)
      : await collectPortalData(deps.db, query, digest);
  await recordAuditEvent(
    deps.db,
    {
      operation: auditOperations.personalDataQuery,
      userId: admin.id,
      actor: admin.email,
      ...request,
      details: {
        identifierType: query.IdentifierType,
        target,
        identifierDigest: digest,
        rows: rows.length,
      },
    },
    now,
  );
  return {
    csv: writeCsv(personalDataColumns, [queryRow(target, query, now), ...rows]),
    fileName: `personal-data-${target}-${localDate(now, deps.config.timeZone)}.csv`,
  };
}
