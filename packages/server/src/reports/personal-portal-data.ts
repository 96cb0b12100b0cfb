import type { PersonalDataQuery } from '@esign/contract';
import type { Kysely } from 'kysely';
import { auditOperations } from '../audit/audit.service.ts';
import { toIsoString } from '../db/database.ts';
import type { AuditEventRow, Database } from '../db/schema.ts';
import {
  eventRow,
  groupRow,
  sessionRow,
  userRow,
  type PersonalDataRow,
} from './personal-data.presenter.ts';
import { findUsersByIdentifier } from './personal-data.repository.ts';
import {
  findGroupsOf,
  findPortalEventsOf,
  findQueriesAbout,
  findSessionsOf,
} from './personal-portal.repository.ts';

/** An earlier query about the person: when, and of which part; who asked is the staff's data. */
function earlierQueryRow(event: AuditEventRow): PersonalDataRow {
  let target: unknown = null;
  try {
    target = (JSON.parse(event.details) as { target?: unknown }).target;
  } catch {
    // the row still says that a query was made and when
  }
  return {
    Section: 'event',
    Id: event.id,
    Name: event.operation,
    Role: 'query',
    Time: toIsoString(event.occurred_at),
    Detail: typeof target === 'string' ? `target: ${target}` : null,
  };
}

/**
 * Everything the portal holds about a person: their user record, groups, open sessions,
 * their logins, logouts, failed logins and other own events, and earlier personal-data
 * queries about the same identifier (found by its keyed digest).
 */
export async function collectPortalData(
  db: Kysely<Database>,
  query: PersonalDataQuery,
  identifierDigest: string,
): Promise<PersonalDataRow[]> {
  const users = await findUsersByIdentifier(db, query);
  const userIds = users.map((user) => user.id);
  const emails = [
    ...new Set([
      ...(query.IdentifierType === 'Email' ? [query.Identifier.toLowerCase()] : []),
      ...users.map((user) => user.email.toLowerCase()),
    ]),
  ];
  const ownEvents = await findPortalEventsOf(db, userIds, emails);
  const earlierQueries = await findQueriesAbout(
    db,
    auditOperations.personalDataQuery,
    identifierDigest,
  );
  return [
    ...users.map(userRow),
    ...(await findGroupsOf(db, userIds)).map(groupRow),
    ...(await findSessionsOf(db, userIds)).map(sessionRow),
    ...ownEvents.map((event) => eventRow(event, 'person')),
    // A query the person made themselves is already among their own events.
    ...earlierQueries
      .filter((event) => !ownEvents.some((own) => own.id === event.id))
      .map(earlierQueryRow),
  ];
}
