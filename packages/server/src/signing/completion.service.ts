import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDocumentTimestamp, embedFile } from '@esign/pades';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import type { SignFlowStatus } from '@esign/contract';
import { flowTransitions, moveFlow } from '../signflows/flow-state.ts';
import { insertFileRecords, listSigners } from '../signflows/flow-records.ts';
import { days, type SigningDeps } from './signing-deps.ts';
import { findFlow, findOwner, findWorkingFile } from './signing.repository.ts';
import { inspectorLink, senderFlowLink, verifyPageLink } from './signing-addresses.ts';
import { SignedIdentity } from './signer-session.ts';
import type { Kysely } from 'kysely';
import type { Database, SignFlowRow } from '../db/schema.ts';
import { downloadToFile, withTempDir } from '../files/working-document.ts';
import { flowObjectKey, lostRace, storeAndRecord, storedAt } from '../files/store-and-record.ts';
import { addPersonalSignedFile } from './personal-signed-file.ts';
import { addFreshValidationData } from '../pki/fresh-validation-data.ts';
import { issueSignedCopies } from './signed-copy.service.ts';
import { issueRecipientCopies } from './recipient-mail.service.ts';
import { archivedKinds } from './archive-renewal.repository.ts';
import { archiveRenewalOf } from './archive-renewal.service.ts';
import { writeEvidenceReport } from '../evidence/evidence-report.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

const completable: readonly SignFlowStatus[] = flowTransitions.finish.from;

/** The certificates each signer's identity holds (a trust service's chain), for finding issuers. */
function identityCertificates(signers: Array<{ verified_identity: string | null }>): Buffer[] {
  return signers.flatMap((signer) => {
    try {
      const parsed = SignedIdentity.safeParse(JSON.parse(signer.verified_identity ?? '{}'));
      return (parsed.success ? parsed.data.certificates : []).map((base64) =>
        Buffer.from(base64, 'base64'),
      );
    } catch {
      return [];
    }
  });
}

/**
 * Finishes a flow whose signers all signed: the evidence report is embedded, then validation
 * data and a document time stamp make the signed file (B-LTA), the flow becomes Finished, the sender and the inspector are told,
 * and each signer gets a link to the signed document. Safe to run twice: a flow that is no
 * longer waiting is left alone.
 */
export async function completeFlow(deps: SigningDeps, flowId: string): Promise<void> {
  const flow = await findFlow(deps.db, flowId);
  if (!flow || !completable.includes(flow.status)) return;
  const signers = await listSigners(deps.db, flow.id);
  if (signers.length === 0 || signers.some((signer) => signer.status !== 'Signed')) return;
  const working = await findWorkingFile(deps.db, flow);
  if (!working) throw new Error('the flow has no working document');
  const owner = await findOwner(deps.db, flow.owner_id);
  await withTempDir(deps.scratch, async (dir) => {
    const input = join(dir, 'working.pdf');
    const withEvidence = join(dir, 'evidence-embedded.pdf');
    const withDss = join(dir, 'dss.pdf');
    const output = join(dir, 'signed.pdf');
    await downloadToFile(deps.storage, working.storage_key, input);
    // Embedded before the archive time stamp, so the stamp covers it (a PDF/A-1 file gets none).
    const evidence = await writeEvidenceReport(deps, flow, signers, input, dir);
    await embedFile(input, withEvidence, {
      name: evidence.fileName,
      data: await readFile(evidence.path),
      mimeType: 'application/pdf',
      description: evidence.description,
      relationship: 'Supplement',
      modified: evidence.subject.writtenAt,
    });
    await addFreshValidationData(deps, withEvidence, withDss, identityCertificates(signers));
    await addDocumentTimestamp(withDss, output, (digest) => deps.trust.timestamp(digest));
    const personalPath = deps.config.personalSignedFileEnabled
      ? await addPersonalSignedFile(
          deps,
          flow,
          signers,
          { path: output, fileName: working.file_name },
          dir,
        )
      : null;
    const files = [
      { kind: 'signedfile' as const, id: randomUUID(), path: output },
      {
        kind: 'evidencereport' as const,
        id: randomUUID(),
        path: evidence.path,
        fileName: evidence.fileName,
      },
      ...(personalPath
        ? [{ kind: 'personalsignedfile' as const, id: randomUUID(), path: personalPath }]
        : []),
    ].map((file) => ({ ...file, key: flowObjectKey(flow.id, file.id) }));
    // When each file's archive time stamp is to be renewed (the daily scan reads this).
    const renewals = new Map<string, string>();
    for (const file of files)
      if (archivedKinds.includes(file.kind))
        renewals.set(file.id, (await archiveRenewalOf(deps, file.path)).toISOString());
    const sources = files.map((file) => ({
      key: file.key,
      file: file.path,
      contentType: 'application/pdf',
    }));
    await storeAndRecord(deps, sources, async (trx, objects) => {
      const now = deps.clock.now();
      // Cancelled (or finished by another node) while the file was made: the cancel stands.
      const won = await moveFlow(trx, flow.id, 'finish', now, {
        finished_at: now.toISOString(),
        failure_reason: null,
        auto_delete_at: new Date(now.getTime() + days(deps.config.autoDeleteDays)).toISOString(),
      });
      if (!won) return lostRace;
      for (const file of files) {
        const { size, sha256 } = storedAt(objects, file.key);
        await insertFileRecords(trx, [
          {
            id: file.id,
            flow_id: flow.id,
            kind: file.kind,
            file_name: ('fileName' in file && file.fileName) || working.file_name,
            content_type: 'application/pdf',
            size,
            sha256,
            storage_key: file.key,
            created_at: now.toISOString(),
            archive_renew_at: renewals.get(file.id) ?? null,
          },
        ]);
      }
      const signed = storedAt(objects, files[0]?.key ?? '');
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.finished,
          flowId: flow.id,
          actor: 'system',
          details: { sha256: signed.sha256, level: 'B-LTA' },
        },
        now,
      );
      await queueFlowEvent(trx, { type: 'signflow.finished', flowId: flow.id }, now);
      await notifyFinished(trx, deps, flow, owner, now);
      await issueSignedCopies(trx, deps, signers, now);
      await issueRecipientCopies(trx, deps, flow.id, now);
      return true;
    });
  });
  deps.kickJobs?.();
}

/** The sender and the inspector hear that the flow is finished, in the transaction that says so. */
async function notifyFinished(
  trx: Kysely<Database>,
  deps: SigningDeps,
  flow: SignFlowRow,
  owner: Awaited<ReturnType<typeof findOwner>>,
  now: Date,
) {
  const language = flow.language;
  await enqueueMail(
    trx,
    {
      to: owner.email,
      template: 'finished',
      language,
      params: {
        flowName: flow.name,
        link: senderFlowLink(deps.config.publicUrl, flow.id),
        verifyLink: verifyPageLink(deps.config.publicUrl),
      },
    },
    now,
  );
  if (flow.inspector_email)
    await enqueueMail(
      trx,
      {
        to: flow.inspector_email,
        template: 'inspector',
        language,
        params: {
          flowName: flow.name,
          organisation: owner.organisation ?? deps.config.organizationName,
          senderName: owner.display_name,
          link: inspectorLink(deps.config, flow.id),
          verifyLink: verifyPageLink(deps.config.publicUrl),
        },
      },
      now,
    );
}

/** After the last retry of a step (completion, an invitation): the flow shows Error / Failed with the reason, and the sender is told. */
export async function markFlowFailed(deps: SigningDeps, flowId: string, reason: string) {
  const flow = await findFlow(deps.db, flowId);
  if (!flow || flow.status !== 'Sent') return;
  const owner = await findOwner(deps.db, flow.owner_id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // Ended or failed meanwhile (a cancel, a rejection, another node): nothing to tell.
    const failed = await moveFlow(trx, flow.id, 'fail', now, {
      failure_reason: reason.slice(0, 1000),
    });
    if (!failed) return;
    await recordAuditEvent(
      trx,
      { operation: auditOperations.failed, flowId: flow.id, actor: 'system', details: { reason } },
      now,
    );
    await queueFlowEvent(trx, { type: 'signflow.failed', flowId: flow.id }, now);
    await enqueueMail(
      trx,
      {
        to: owner.email,
        template: 'failed',
        language: flow.language,
        params: {
          flowName: flow.name,
          reason,
          link: senderFlowLink(deps.config.publicUrl, flow.id),
        },
      },
      now,
    );
  });
}
