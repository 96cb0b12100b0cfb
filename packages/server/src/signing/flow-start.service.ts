import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { languageOf as signaturePageLanguage, validationKeys } from '@esign/contract';
import { PdfError, prepareForSigning } from '@esign/pades';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { flowConflict, flowStateOf, moveFlow } from '../signflows/flow-state.ts';
import { insertFileRecords, listFiles, listSigners } from '../signflows/flow-records.ts';
import { flowObjectKey, storeAndRecord, storedAt } from '../files/store-and-record.ts';
import { days, signingJobs, type SigningDeps } from './signing-deps.ts';
import { deadlineOf, sendingExpiryDate } from './expiry-date.ts';
import { reminderJob } from './invitations.service.ts';
import { issueRecipientLinks } from './recipient-mail.service.ts';
import { setSignerLink } from './signing.repository.ts';
import { hashToken, newLinkSalt, signingToken } from './signing-links.ts';
import { signersInTurn } from './signing-turns.ts';
import { downloadToFile, withTempDir } from '../files/working-document.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

/** The name of a signer's field on the signature page: unique, and stable for the flow's life. */
export function signatureFieldName(signer: Pick<SignerRow, 'id' | 'position'>): string {
  return `Signer${signer.position + 1}_${signer.id.replaceAll('-', '').slice(0, 12)}`;
}

/** The signers a signature page was made for are still the draft's, in the same order. */
function sameSigners(made: SignerRow[], now: SignerRow[]) {
  const key = (signer: SignerRow | undefined) =>
    signer &&
    [signer.id, signer.position, signer.name, signer.email, signer.personal_identity_code].join(
      '\u0000',
    );
  return (
    made.length === now.length && made.every((signer, index) => key(signer) === key(now[index]))
  );
}

/** The draft changed while the send worked on it: nothing is sent (409, still a draft). */
const changedMeanwhile = (flowId: string) =>
  new AppError('conflict', {
    issues: [{ path: 'Status', key: validationKeys.changedMeanwhile }],
    current: flowStateOf({ id: flowId, status: 'Draft' }),
  });

/**
 * Sends a validated draft: prepares the document (a signature page with one field per
 * signer), then in one transaction marks it Sent, gives every signer a link and queues
 * the first invitations and the reminders. The transaction first moves the flow out of
 * Draft (which holds its row against saves and uploads), then re-reads the signers and the
 * file to sign: if a save or an upload changed them while the page was made, nothing is
 * sent and the caller gets 409 (changedMeanwhile). A concurrent send, or a flow no longer a
 * draft, loses with 409 and the flow's state now.
 */
export async function startSigning(
  deps: SigningDeps,
  flow: SignFlowRow,
  signers: SignerRow[],
  context: RequestContext,
): Promise<void> {
  const [signFile] = await listFiles(deps.db, flow.id, 'signfile');
  if (!signFile) throw new AppError('validation');
  await withTempDir(deps.scratch, async (dir) => {
    const input = join(dir, 'original.pdf');
    const output = join(dir, 'prepared.pdf');
    await downloadToFile(deps.storage, signFile.storage_key, input).catch(
      async (error: unknown) => {
        // An upload replaced the file to sign and removed the old one since it was read.
        const [signFileNow] = await listFiles(deps.db, flow.id, 'signfile');
        if (signFileNow?.id !== signFile.id) throw changedMeanwhile(flow.id);
        throw error;
      },
    );
    try {
      await prepareForSigning({
        input,
        output,
        title: flow.name,
        language: signaturePageLanguage(flow.language),
        signers: signers.map((signer) => ({
          name: signer.name,
          email: signer.email,
          fieldName: signatureFieldName(signer),
        })),
      });
    } catch (error) {
      // A file kept before uploads were read this deeply: the sender must replace it.
      if (error instanceof PdfError)
        throw new AppError('validation', {
          issues: [{ path: 'SignFileInfo', key: validationKeys.invalidFileFormat }],
        });
      throw error;
    }
    const now = deps.clock.now();
    const id = randomUUID();
    const source = {
      key: flowObjectKey(flow.id, id),
      file: output,
      contentType: 'application/pdf',
    };
    await storeAndRecord(deps, [source], async (trx, objects) => {
      const stored = storedAt(objects, source.key);
      // The signers' deadline, the end of the chosen date; the flow is deleted at the latest a
      // retention period after it (sooner when it ends sooner: the end sets the date anew).
      const expiryDate = sendingExpiryDate(deps.config, flow, now);
      const deadline = deadlineOf(deps.config, expiryDate);
      const sent = await moveFlow(trx, flow.id, 'send', now, {
        sent_at: now.toISOString(),
        deadline_at: deadline.toISOString(),
        expiry_date: expiryDate,
        auto_delete_at: new Date(
          deadline.getTime() + days(deps.config.autoDeleteDays),
        ).toISOString(),
        working_file_id: id,
      });
      if (!sent) throw await flowConflict(trx, flow.id);
      const [signersNow, signFilesNow] = await Promise.all([
        listSigners(trx, flow.id),
        listFiles(trx, flow.id, 'signfile'),
      ]);
      if (
        !sameSigners(signers, signersNow) ||
        signFilesNow.length !== 1 ||
        signFilesNow[0]?.id !== signFile.id
      )
        throw changedMeanwhile(flow.id);
      await insertFileRecords(trx, [
        {
          id,
          flow_id: flow.id,
          kind: 'working',
          file_name: signFile.file_name,
          content_type: 'application/pdf',
          size: stored.size,
          sha256: stored.sha256,
          storage_key: source.key,
          created_at: now.toISOString(),
        },
      ]);
      for (const signer of signers) {
        const salt = newLinkSalt();
        const token = signingToken(deps.config.sessionSecret, signer.id, salt);
        await setSignerLink(trx, signer.id, { salt, tokenHash: hashToken(token) });
      }
      await issueRecipientLinks(trx, deps, flow.id, now);
      for (const signer of signersInTurn(flow, signers)) {
        await enqueueJob(
          trx,
          { kind: signingJobs.invite, payload: { signerId: signer.id, reminder: false } },
          now,
        );
      }
      if (flow.reminder_interval_days) {
        await enqueueJob(
          trx,
          reminderJob(flow.id, new Date(now.getTime() + days(flow.reminder_interval_days))),
          now,
        );
      }
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.sent,
          flowId: flow.id,
          ...context,
          details: { signers: signers.length, process: flow.signature_process },
        },
        now,
      );
      await queueFlowEvent(trx, { type: 'signflow.sent', flowId: flow.id }, now);
    });
  });
  deps.kickJobs?.();
}
