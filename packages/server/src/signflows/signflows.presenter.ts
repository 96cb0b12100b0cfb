import {
  signFlowDetailsStatusOf,
  type FileInfo,
  type Recipient,
  type Signer,
  type SignFlowDetailResponse,
  type SignFlowListItem,
  type SignFlow,
} from '@esign/contract';
import { toIsoString } from '../db/database.ts';
import { cleanFileName } from '../files/file-name.ts';
import type { FileRow, RecipientRow, SignerRow, SignFlowRow } from '../db/schema.ts';

const isoOrNull = (value: Date | string | null) => (value === null ? null : toIsoString(value));

/** The list's signer: name and status only. */
export type ListSignerRow = Pick<SignerRow, 'name' | 'status'>;

/** A flow row as the list shows it, with its signers in their order. */
export function presentListItem(row: SignFlowRow, signers: ListSignerRow[]): SignFlowListItem {
  return {
    Guid: row.id,
    Name: row.name,
    Status: row.status,
    CreationDate: toIsoString(row.created_at),
    LastModifiedDate: toIsoString(row.updated_at),
    SentToSignersDate: isoOrNull(row.sent_at),
    CancelledDate: isoOrNull(row.cancelled_at),
    FinishedDate: isoOrNull(row.finished_at),
    RejectedDate: isoOrNull(row.rejected_at),
    AutoDeleteDate: isoOrNull(row.auto_delete_at),
    ExpiryDate: row.expiry_date,
    Signers: signers.map((signer) => ({ Name: signer.name, Status: signer.status })),
  };
}

export function presentSigner(row: SignerRow): Signer {
  return {
    Guid: row.id,
    Name: row.name,
    Email: row.email,
    Role: row.role,
    Organisation: row.organisation,
    PersonalIdentityCode: row.personal_identity_code,
    Status: row.status,
    RejectionComment: row.rejection_comment,
    CompletionTimeUtc: isoOrNull(row.completed_at),
    LinkLocked: row.code_locked_at !== null,
    SignatureLevel: row.status === 'Signed' ? row.signature_level : null,
    InvitedTimeUtc: isoOrNull(row.invited_at),
    RemindedTimeUtc: isoOrNull(row.reminded_at),
  };
}

export function presentRecipient(row: RecipientRow): Recipient {
  return {
    Guid: row.id,
    Name: row.name,
    Email: row.email,
    NotifiedTimeUtc: isoOrNull(row.notified_at),
    OpenedTimeUtc: row.kind === 'viewer' ? isoOrNull(row.opened_at) : null,
  };
}

// A name stored before uploads were cleaned is shown cleaned too.
const fileInfo = (row: FileRow): FileInfo => ({
  Guid: row.id,
  FileName: cleanFileName(row.file_name),
});

/** SPEC's sign flow (as create and cancel return it). */
export function presentSignFlow(
  row: SignFlowRow,
  signers: SignerRow[],
  recipients: RecipientRow[],
): SignFlow {
  return {
    Guid: row.id,
    Name: row.name,
    Status: row.status,
    CreationDate: toIsoString(row.created_at),
    SentToSignersDate: isoOrNull(row.sent_at),
    Signers: signers.map(presentSigner),
    Note: row.note,
    SignFlowDetailsStatus: signFlowDetailsStatusOf(row.status),
    CompletionTimeUtc: isoOrNull(row.finished_at ?? row.rejected_at ?? row.cancelled_at),
    LastStatusQueryTimeUtc: isoOrNull(row.last_status_query_at),
    SignatureProcess: row.signature_process,
    InspectorEmail: row.inspector_email,
    MinimumSignatureLevel: row.minimum_signature_level,
    Role: row.group_id,
    ReminderIntervalInDays: row.reminder_interval_days,
    CancellationComment: row.cancellation_comment,
    ExpiryDate: row.expiry_date,
    CopyRecipients: recipients.filter((r) => r.kind === 'copy').map(presentRecipient),
    Viewers: recipients.filter((r) => r.kind === 'viewer').map(presentRecipient),
  };
}

/** How a Cancelled flow ended, from its audit trail: who cancelled it, or when it expired. */
export interface FlowEnding {
  cancelledBy: string | null;
  expiredAt: Date | string | null;
}

/** The detail: the sign flow plus its files (SPEC §3). */
export function presentDetail(
  row: SignFlowRow,
  signers: SignerRow[],
  recipients: RecipientRow[],
  files: FileRow[],
  ending: FlowEnding = { cancelledBy: null, expiredAt: null },
): SignFlowDetailResponse {
  const first = (kind: FileRow['kind']) => files.find((file) => file.kind === kind);
  const signFile = first('signfile');
  const signed = first('signedfile');
  const personal = first('personalsignedfile');
  const evidence = first('evidencereport');
  return {
    ...presentSignFlow(row, signers, recipients),
    SignFileInfo: signFile ? fileInfo(signFile) : null,
    AttachmentInfo: files.filter((file) => file.kind === 'attachment').map(fileInfo),
    SignedFile: signed ? fileInfo(signed) : null,
    PersonalSignedFile: personal ? fileInfo(personal) : null,
    EvidenceReport: evidence ? fileInfo(evidence) : null,
    Language: row.language,
    FailureReason: row.failure_reason,
    SigningDeadline: isoOrNull(row.deadline_at),
    CancelledBy: ending.cancelledBy,
    ExpiredTimeUtc: isoOrNull(ending.expiredAt),
  };
}
