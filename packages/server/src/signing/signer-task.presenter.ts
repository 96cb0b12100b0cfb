import {
  languageOf,
  type SignedCopy,
  type SignerTask,
  type SignerTaskState,
} from '@esign/contract';
import type { FileRow, SignerRow, SignFlowRow } from '../db/schema.ts';
import { cleanFileName } from '../files/file-name.ts';
import { codeWaitSeconds } from './code-limits.ts';
import { emailHint } from './signing-turns.ts';
import type { VerifiedIdentity } from './signer-session.ts';

/** Everything the signer's page shows, loaded by the service. */
export interface TaskView {
  flow: SignFlowRow;
  signer: SignerRow;
  signers: SignerRow[];
  identity: VerifiedIdentity | null;
  state: SignerTaskState;
  /** The flow's sender, and the organisation to name when the sender has none. */
  owner: { display_name: string; organisation: string | null };
  defaultOrganisation: string;
  /** The flow's files; empty unless the signer may see them. */
  files: FileRow[];
  now: Date;
  /** The signed document for this signer, as the service found it. */
  signedCopy: SignedCopy | null;
}

const fileInfo = (file: FileRow) => ({
  Guid: file.id,
  FileName: cleanFileName(file.file_name),
  Size: Number(file.size),
});

/** The page's view of the task: the document and attachments are those the view was given. */
export function presentTask(view: TaskView): SignerTask {
  const { flow, signer, signers, identity, files } = view;
  const working = files.find((file) => file.id === flow.working_file_id);
  return {
    FlowName: flow.name,
    SenderName: view.owner.display_name,
    SenderOrganisation: view.owner.organisation ?? view.defaultOrganisation,
    Note: flow.note,
    SignatureLevel: (flow.minimum_signature_level ?? 'Low') as SignerTask['SignatureLevel'],
    SignatureProcess: (flow.signature_process ?? 'Concurrent') as SignerTask['SignatureProcess'],
    Language: languageOf(flow.language),
    SignerName: signer.name,
    SignerEmailHint: emailHint(signer.email),
    State: view.state,
    Authenticated: identity !== null,
    LinkLocked: signer.code_locked_at !== null,
    NextCodeInSeconds: codeWaitSeconds(signer, view.now),
    CompletedAt: signer.completed_at ? new Date(signer.completed_at).toISOString() : null,
    Signers: signers.map((other) => ({
      Name: other.name,
      Status: other.status as 'Unsigned' | 'Signed' | 'Rejected',
      IsYou: other.id === signer.id,
    })),
    Document: working ? fileInfo(working) : null,
    Attachments: files.filter((file) => file.kind === 'attachment').map(fileInfo),
    SignedCopy: view.signedCopy,
  };
}
