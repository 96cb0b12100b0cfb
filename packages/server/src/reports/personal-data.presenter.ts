import type {
  PersonalDataColumn,
  PersonalDataQuery,
  PersonalDataSection,
  PersonalDataTarget,
} from '@esign/contract';
import { toIsoString } from '../db/database.ts';
import type {
  AuditEventRow,
  FileRow,
  RecipientRow,
  SessionRow,
  SignerRow,
  SignFlowRow,
} from '../db/schema.ts';
import { certificateSubjectOf, signedIdentityOf } from './personal-identity.ts';
import type { UserRow } from './personal-data.repository.ts';
import type { GroupRow } from './personal-portal.repository.ts';

/** One row of the personal-data CSV: its section and the columns that apply to it. */
export type PersonalDataRow = Partial<Record<PersonalDataColumn, string | null>> & {
  Section: PersonalDataSection;
};

/** How an event concerns the person: their own doing (or about them), or the flow as a whole. */
export type EventConcern = 'person' | 'flow';

const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : toIsoString(value);

/** Readable `name: value; …` pairs for the Detail column; empty values are left out. */
export function detailOf(pairs: Record<string, string | number | null | undefined>): string {
  return Object.entries(pairs)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('; ');
}

export const queryRow = (
  target: PersonalDataTarget,
  query: PersonalDataQuery,
  now: Date,
): PersonalDataRow => ({
  Section: 'query',
  Name: target,
  Role: query.IdentifierType,
  Time: now.toISOString(),
  Detail: query.Identifier,
});

export const userRow = (user: UserRow): PersonalDataRow => ({
  Section: 'user',
  Id: user.id,
  Name: user.display_name,
  Email: user.email,
  Organisation: user.organisation,
  Title: user.title,
  Role: user.is_admin ? 'administrator' : 'user',
  Created: time(user.created_at),
  Time: time(user.last_login_at),
  Detail: detailOf({ issuer: user.issuer, subject: user.subject }),
});

export const groupRow = (group: GroupRow): PersonalDataRow => ({
  Section: 'group',
  Id: group.id,
  Name: group.name,
  Role: group.role_type,
  Created: time(group.created_at),
  Detail: detailOf({ groupIdentifier: group.haka_group_id }),
});

export const sessionRow = (session: SessionRow): PersonalDataRow => ({
  Section: 'session',
  Name: session.login_method,
  Created: time(session.created_at),
  Time: time(session.last_seen_at),
  Ended: time(session.expires_at),
  Ip: session.ip,
  UserAgent: session.user_agent,
});

/** A flow the person sent or was asked to sign; the sender also gets what they wrote. */
export const flowRow = (
  flow: SignFlowRow,
  role: 'sender' | 'signer' | 'recipient',
): PersonalDataRow => ({
  Section: 'flow',
  Id: flow.id,
  FlowId: flow.id,
  Name: flow.name,
  Role: role,
  Status: flow.status,
  Created: time(flow.created_at),
  Time: time(flow.sent_at),
  Ended: time(flow.finished_at ?? flow.cancelled_at ?? flow.rejected_at),
  Comment: role === 'sender' ? flow.cancellation_comment : null,
  Detail: detailOf({
    signatureLevel: flow.minimum_signature_level,
    ...(role === 'sender' ? { signOrder: flow.signature_process, note: flow.note } : {}),
  }),
});

/** The person as a signer: what the sender gave, what they did and how they proved who they are. */
export function signatureRow(signer: SignerRow): PersonalDataRow {
  const identity = signedIdentityOf(signer);
  return {
    Section: 'signature',
    Id: signer.id,
    FlowId: signer.flow_id,
    Name: signer.name,
    Email: signer.email,
    Organisation: signer.organisation,
    Role: signer.role,
    Status: signer.status,
    Created: time(signer.invited_at),
    Time: time(signer.completed_at),
    Comment: signer.rejection_comment,
    Detail: detailOf({
      givenPersonalIdentityCode: signer.personal_identity_code,
      signatureLevel: signer.signature_level,
      identifiedBy: identity?.method,
      verifiedName: identity?.name,
      verifiedEmail: identity?.email,
      personalIdentityCode: identity?.personalIdentityCode,
      certificate: certificateSubjectOf(identity),
    }),
  };
}

/** The person as a copy recipient or viewer: when they were told, opened it, and until when their link works. */
export const recipientRow = (recipient: RecipientRow): PersonalDataRow => ({
  Section: 'recipient',
  Id: recipient.id,
  FlowId: recipient.flow_id,
  Name: recipient.name,
  Email: recipient.email,
  Role: recipient.kind === 'copy' ? 'copyRecipient' : 'viewer',
  Created: time(recipient.notified_at),
  Time: time(recipient.opened_at),
  Ended: time(recipient.link_expires_at),
});

export const fileRow = (file: FileRow): PersonalDataRow => ({
  Section: 'file',
  Id: file.id,
  FlowId: file.flow_id,
  Name: file.file_name,
  Role: file.kind,
  Created: time(file.created_at),
});

/**
 * An audit event. One about the flow as a whole keeps only what happened and when: who
 * did it, from where and with what details may be someone else's data.
 */
export function eventRow(event: AuditEventRow, concern: EventConcern): PersonalDataRow {
  const own = concern === 'person';
  return {
    Section: 'event',
    Id: event.id,
    FlowId: event.flow_id,
    Name: event.operation,
    Role: concern,
    Time: time(event.occurred_at),
    Actor: own ? event.actor : null,
    Ip: own ? event.ip : null,
    UserAgent: own ? event.user_agent : null,
    Detail: own && event.details !== '{}' ? event.details : null,
  };
}
