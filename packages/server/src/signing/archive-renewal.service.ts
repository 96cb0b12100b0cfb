import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  addDocumentTimestamp,
  archiveRenewalDue,
  lastDocumentTimestamp,
  type ArchiveTimestamp,
} from '@esign/pades';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { flowObjectKey, lostRace, storeAndRecord, storedAt } from '../files/store-and-record.ts';
import { queueFileDeletions, removeStoredFiles } from '../files/stored-objects.ts';
import { downloadToFile, withTempDir } from '../files/working-document.ts';
import { archiveRenewalsCounter } from '../metrics/process-metrics.ts';
import { addFreshValidationData } from '../pki/fresh-validation-data.ts';
import {
  findArchivedFile,
  listFilesDueForRenewal,
  setArchiveRenewal,
  switchArchivedFile,
} from './archive-renewal.repository.ts';
import { days, signingJobs, type SigningDeps } from './signing-deps.ts';

// PAdES B-LTA kept valid (ETSI EN 319 142-1 §5.5, EN 319 102-1 §5.6.2.4): before the last
// document time stamp's TSA certificate expires (or its hash grows weak), the file gets the
// validation data of that time stamp and a new document time stamp over everything.

const yearMs = days(365);

/** When a file that ends in `stamp` is next due for renewal (an instant in the past: now). */
export function nextRenewalOf(deps: Pick<SigningDeps, 'config'>, stamp: ArchiveTimestamp): Date {
  return archiveRenewalDue(stamp, days(deps.config.archiveRenewBeforeDays));
}

/** When the signed file at `path` is due for renewal; a file with no document time stamp: in a year. */
export async function archiveRenewalOf(deps: SigningDeps, path: string): Promise<Date> {
  const stamp = await lastDocumentTimestamp(path);
  return stamp ? nextRenewalOf(deps, stamp) : new Date(deps.clock.now().getTime() + yearMs);
}

/** A renewal that would not help: the new time stamp's TSA certificate expires no later. */
export class ArchiveRenewalError extends Error {}

/** The new archive time stamp must outlast the one it renews (or replace a weak hash). */
function checkImproves(previous: ArchiveTimestamp, renewed: ArchiveTimestamp | null) {
  if (
    renewed?.hashSupported &&
    (!previous.hashSupported || renewed.certificateExpiresAt > previous.certificateExpiresAt)
  )
    return renewed;
  throw new ArchiveRenewalError(
    `the time-stamp authority's certificate expires at ${renewed?.certificateExpiresAt.toISOString() ?? '?'}, no later than the time stamp it would renew: its certificate must be renewed first`,
  );
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Renews the archive time stamp of one signed file if it is due: the new object is stored
 * first, the record switched to it in a guarded update (a second node, or auto-delete, that
 * came first wins and nothing of this stays), the old object removed after. A file whose
 * flow is deleted before its time stamp expires is not renewed; one read for the first time
 * only gets its due date. Safe to run twice.
 */
export async function renewArchiveTimestamp(deps: SigningDeps, fileId: string): Promise<void> {
  const file = await findArchivedFile(deps.db, fileId);
  if (!file) return;
  const now = deps.clock.now();
  const due = asDate(file.archive_renew_at);
  if (due && due > now) return;
  const deletedAt = asDate(file.auto_delete_at);
  await withTempDir(deps.scratch, async (dir) => {
    const input = join(dir, 'signed.pdf');
    await downloadToFile(deps.storage, file.storage_key, input);
    const current = await lastDocumentTimestamp(input);
    const next = current ? nextRenewalOf(deps, current) : new Date(now.getTime() + yearMs);
    if (!current || next > now) {
      await setArchiveRenewal(deps.db, file.id, file.storage_key, next);
      return;
    }
    if (deletedAt && current.hashSupported && deletedAt <= current.certificateExpiresAt) {
      // Deleted before its time stamp expires: the scan passes it by from now on.
      await setArchiveRenewal(deps.db, file.id, file.storage_key, deletedAt);
      return;
    }
    const withDss = join(dir, 'dss.pdf');
    const output = join(dir, 'renewed.pdf');
    await addFreshValidationData(deps, input, withDss);
    await addDocumentTimestamp(withDss, output, (digest) => deps.trust.timestamp(digest));
    const renewed = checkImproves(current, await lastDocumentTimestamp(output));
    const key = flowObjectKey(file.flow_id, randomUUID());
    const source = { key, file: output, contentType: file.content_type };
    const won = await storeAndRecord(deps, [source], async (trx, objects) => {
      const { size, sha256 } = storedAt(objects, key);
      const recordedAt = deps.clock.now();
      const switched = await switchArchivedFile(trx, file.id, file.storage_key, recordedAt, {
        storage_key: key,
        size,
        sha256,
        archive_renew_at: nextRenewalOf(deps, renewed),
      });
      if (!switched) return lostRace;
      await queueFileDeletions(trx, [file.storage_key], recordedAt);
      await recordAuditEvent(
        trx,
        {
          operation: auditOperations.archiveRenewed,
          flowId: file.flow_id,
          actor: 'system',
          details: {
            kind: file.kind,
            sha256,
            previousSha256: file.sha256,
            timestampTime: renewed.genTime.toISOString(),
            previousCertificateExpiry: current.certificateExpiresAt.toISOString(),
          },
        },
        recordedAt,
      );
      return true;
    });
    if (won === lostRace) return;
    archiveRenewalsCounter.inc({ outcome: 'renewed' });
    await removeStoredFiles(deps.storage, [file.storage_key], deps.db);
  });
}

const scanBatch = 500;

/**
 * Queues a renewal job for every signed file that is due (or never read), each once while it
 * waits; answers how many were found.
 */
export async function queueDueRenewals(deps: SigningDeps): Promise<number> {
  const now = deps.clock.now();
  let found = 0;
  for (let after = ''; ;) {
    const ids = await listFilesDueForRenewal(deps.db, now, after, scanBatch);
    for (const fileId of ids)
      await enqueueJob(
        deps.db,
        {
          kind: signingJobs.archiveRenew,
          payload: { fileId },
          dedupeKey: `archive-renew:${fileId}`,
        },
        now,
      );
    found += ids.length;
    const last = ids.at(-1);
    if (ids.length < scanBatch || last === undefined) return found;
    after = last;
  }
}
