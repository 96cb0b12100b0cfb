import { randomUUID } from 'node:crypto';
import { signingErrorKeys } from '@esign/contract';
import type { Kysely } from 'kysely';
import { AppError } from '../errors/app-error.ts';
import type { Database, SignerRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { deleteFileRecords, insertFileRecords, listSigners } from '../signflows/flow-records.ts';
import {
  flowObjectKey,
  lostRace,
  storeAndRecord,
  storedAt,
  type StoredFile,
} from '../files/store-and-record.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';
import type { RequestContext } from '../http/request-context.ts';
import { signingJobs, type SigningDeps } from './signing-deps.ts';
import { signersInTurn } from './signing-turns.ts';
import { findFileName, markSignerSigned, swapWorkingFile } from './signing.repository.ts';
import { endSignerSessions, type VerifiedIdentity } from './signer-session.ts';
import { signaturesCounter } from '../metrics/process-metrics.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

export interface SignatureOutcome {
  signer: SignerRow;
  flow: SignFlowRow;
  /** The working document the signature was added to, and the new one that carries it. */
  previousFileId: string;
  previousStorageKey: string;
  stored: StoredFile;
  identity: VerifiedIdentity & { certificates: string[] };
  level: string;
}

/**
 * Records a signature in the caller's transaction (storeAndRecord's record step): the new
 * working document replaces the one it was made on (only if no other signature got there
 * first), the signer becomes Signed, and the next invitation or the completion is queued.
 * Answers false when another signature won (the caller then rolls back).
 */
export async function recordSignature(
  trx: Kysely<Database>,
  outcome: SignatureOutcome,
  request: RequestContext,
  now: Date,
): Promise<boolean> {
  const { flow, signer, stored } = outcome;
  const swap = { from: outcome.previousFileId, to: stored.id, at: now };
  if (!(await swapWorkingFile(trx, flow.id, swap))) return false;
  const marked = await markSignerSigned(trx, signer.id, {
    identity: JSON.stringify(outcome.identity),
    level: outcome.level,
    at: now,
  });
  // The same signer's other request won (its document swap came first): this one is 409.
  if (!marked) throw new AppError('conflict', { key: signingErrorKeys.alreadyDone });
  await insertFileRecords(trx, [
    {
      id: stored.id,
      flow_id: flow.id,
      kind: 'working',
      file_name: await findFileName(trx, outcome.previousFileId),
      content_type: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      storage_key: stored.storageKey,
      created_at: now.toISOString(),
    },
  ]);
  await deleteFileRecords(trx, [outcome.previousFileId]);
  await queueFileDeletions(trx, [outcome.previousStorageKey], now);
  await endSignerSessions(trx, signer.id);
  await recordAuditEvent(
    trx,
    {
      operation: auditOperations.sign,
      flowId: flow.id,
      ...request,
      details: {
        signerId: signer.id,
        level: outcome.level,
        method: outcome.identity.method,
        sha256: stored.sha256,
      },
    },
    now,
  );
  await queueFlowEvent(trx, { type: 'signer.signed', flowId: flow.id, signerId: signer.id }, now);
  const signers = await listSigners(trx, flow.id);
  const next = signersInTurn(flow, signers);
  if (next.length === 0) {
    await enqueueJob(
      trx,
      {
        kind: signingJobs.complete,
        payload: { flowId: flow.id },
        dedupeKey: `complete:${flow.id}`,
      },
      now,
    );
  } else if (flow.signature_process === 'Sequential') {
    for (const nextSigner of next.filter((s) => !s.invited_at)) {
      await enqueueJob(
        trx,
        { kind: signingJobs.invite, payload: { signerId: nextSigner.id, reminder: false } },
        now,
      );
    }
  }
  return true;
}

/**
 * Stores the newly signed working document and records the signature with it
 * (storeAndRecord, recordSignature); the document it replaced is removed. Answers false when
 * another signature got to the document first: then nothing of this one is kept.
 */
export async function storeSignature(
  deps: SigningDeps,
  outcome: Omit<SignatureOutcome, 'stored'>,
  signedPath: string,
  request: RequestContext,
): Promise<boolean> {
  const id = randomUUID();
  const key = flowObjectKey(outcome.flow.id, id);
  const source = { key, file: signedPath, contentType: 'application/pdf' };
  const result = await storeAndRecord(deps, [source], async (trx, objects) => {
    const { size, sha256 } = storedAt(objects, key);
    const stored = { id, storageKey: key, size, sha256 };
    const won = await recordSignature(trx, { ...outcome, stored }, request, deps.clock.now());
    return won || lostRace;
  });
  if (result === lostRace) return false;
  // Counted after the commit, so that a rolled-back signature never shows in the metrics.
  signaturesCounter.inc({ level: outcome.level });
  await removeStoredFiles(deps.storage, [outcome.previousStorageKey], deps.db);
  deps.kickJobs?.();
  return true;
}
