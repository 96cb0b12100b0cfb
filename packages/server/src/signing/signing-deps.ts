import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../time/clock.ts';
import type { PortalTrust } from '../pki/portal-trust.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Scratch } from '../files/scratch.ts';

/** What the signing side needs; the job worker is optional so that plain services can run without one. */
export interface SigningDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  config: AppConfig;
  clock: Clock;
  trust: PortalTrust;
  /** This node's temporary files. */
  scratch: Scratch;
  /** Asks the job worker to look for due jobs now rather than at its next poll. */
  kickJobs?: () => void;
}

export const signingJobs = {
  /** Mails a signer their link: { signerId, reminder }. */
  invite: 'signing.invite',
  /** Reminds the signers in turn and schedules the next reminder: { flowId }. */
  remind: 'signing.remind',
  /** Makes the signed file of a flow whose signers all signed: { flowId }. */
  complete: 'signing.complete',
  /** Mails a signer of a finished flow their link to the signed document: { signerId }. */
  signedCopy: 'signing.signed-copy',
  /** Tells a copy recipient or a viewer that the flow was sent: { recipientId }. */
  recipientSent: 'signing.recipient-sent',
  /** Mails a copy recipient of a finished flow the signed document: { recipientId }. */
  recipientCopy: 'signing.recipient-copy',
  /** Deletes flows past their auto-delete date (recurring). */
  autoDelete: 'signing.auto-delete',
  /** Queues completion again for flows whose signers all signed long ago but that never finished (recurring). */
  statusCheck: 'signing.status-check',
  /** Ends the flows whose signing deadline passed (recurring). */
  expire: 'signing.expire',
  /** Queues the renewal of every signed file whose archive time stamp is due (recurring, daily). */
  archiveScan: 'signing.archive-scan',
  /** Renews one signed file's archive time stamp: { fileId }. */
  archiveRenew: 'signing.archive-renew',
  /** Removes stored objects that no record names, past their grace period (recurring). */
  sweepFiles: 'files.sweep',
} as const;

export const days = (count: number) => count * 24 * 3_600_000;
