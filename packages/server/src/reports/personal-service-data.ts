import type { PersonalDataQuery } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { AuditEventRow, Database } from '../db/schema.ts';
import {
  eventRow,
  fileRow,
  flowRow,
  recipientRow,
  signatureRow,
  type EventConcern,
  type PersonalDataRow,
} from './personal-data.presenter.ts';
import {
  findFlowEvents,
  findFlowFiles,
  findFlowsByIds,
  findFlowsOwnedBy,
  findRecipientsByEmail,
  findUsersByIdentifier,
} from './personal-data.repository.ts';
import { findSignersOf } from './personal-signers.ts';

/** Who the person is in the signing service: their user ids, e-mail addresses and signer rows. */
interface Person {
  userIds: Set<string>;
  emails: Set<string>;
  signerIds: Set<string>;
  /** As a copy recipient or viewer. */
  recipientIds: Set<string>;
}

/** The e-mail address an actor names: `Name <address>` or the address itself. */
function actorEmail(actor: string | null): string | null {
  if (actor === null) return null;
  return (/<([^<>]+)>\s*$/.exec(actor)?.[1] ?? actor).trim().toLowerCase();
}

/**
 * Whether an event of one of the person's flows concerns them: their own doing or about
 * their signature ('person'); about the flow as a whole ('flow'); or about another signer
 * (null: left out, it is someone else's data).
 */
export function concernOf(event: AuditEventRow, person: Person): EventConcern | null {
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(event.details) as Record<string, unknown>;
  } catch {
    // an unreadable details column says nothing about whom it concerns
  }
  const signerId = typeof details.signerId === 'string' ? details.signerId : null;
  if (signerId !== null && person.signerIds.has(signerId)) return 'person';
  const recipientId = typeof details.recipientId === 'string' ? details.recipientId : null;
  if (recipientId !== null && person.recipientIds.has(recipientId)) return 'person';
  if (event.user_id !== null && person.userIds.has(event.user_id)) return 'person';
  const email = actorEmail(event.actor);
  if (email !== null && person.emails.has(email)) return 'person';
  return signerId === null && recipientId === null ? 'flow' : null;
}

/**
 * Everything the signing service holds about a person: the flows they sent and those they
 * were asked to sign, their signer rows, the flows' files and the events that concern them.
 */
export async function collectServiceData(
  db: Kysely<Database>,
  query: PersonalDataQuery,
): Promise<PersonalDataRow[]> {
  const users = await findUsersByIdentifier(db, query);
  const signers = await findSignersOf(db, query);
  const recipients =
    query.IdentifierType === 'Email' ? await findRecipientsByEmail(db, query.Identifier) : [];
  const person: Person = {
    userIds: new Set(users.map((user) => user.id)),
    emails: new Set([
      ...(query.IdentifierType === 'Email' ? [query.Identifier.toLowerCase()] : []),
      ...users.map((user) => user.email.toLowerCase()),
    ]),
    signerIds: new Set(signers.map((signer) => signer.id)),
    recipientIds: new Set(recipients.map((recipient) => recipient.id)),
  };
  const sent = await findFlowsOwnedBy(db, [...person.userIds]);
  const signed = await findFlowsByIds(db, [...new Set(signers.map((s) => s.flow_id))]);
  const told = await findFlowsByIds(db, [...new Set(recipients.map((r) => r.flow_id))]);
  const flowIds = [...new Set([...sent, ...signed, ...told].map((flow) => flow.id))];
  const byCreation = <T extends { created_at: Date | string; id: string }>(a: T, b: T) =>
    new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id);
  const events = (await findFlowEvents(db, flowIds)).flatMap((event) => {
    const concern = concernOf(event, person);
    return concern ? [eventRow(event, concern)] : [];
  });
  return [
    ...sent.sort(byCreation).map((flow) => flowRow(flow, 'sender')),
    ...signed.sort(byCreation).map((flow) => flowRow(flow, 'signer')),
    ...told.sort(byCreation).map((flow) => flowRow(flow, 'recipient')),
    ...signers.map(signatureRow),
    ...recipients.map(recipientRow),
    ...(await findFlowFiles(db, flowIds)).map(fileRow),
    ...events,
  ];
}
