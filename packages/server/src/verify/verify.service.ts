import { readFile } from 'node:fs/promises';
import { validationKeys, verifyErrorKeys, type Language, type VerifyResult } from '@esign/contract';
import { fileSource, PdfError, verifyPdf } from '@esign/pades';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../errors/app-error.ts';
import { checkPdf } from '../files/pdf-check.ts';
import type { ReceivedFile } from '../files/receive-upload.ts';
import type { Scratch } from '../files/scratch.ts';
import { withTempDir } from '../files/working-document.ts';
import type { PortalTrust } from '../pki/portal-trust.ts';
import type { Clock } from '../time/clock.ts';
import { verdictOf } from './verdict.ts';
import { verifyAnchorsOf, type VerifyAnchors } from './verify-anchors.ts';
import { presentSignature } from './verify.presenter.ts';
import { writeVerificationReport } from './report-document.ts';

export interface VerifyDeps {
  config: Pick<AppConfig, 'maxUploadBytes' | 'organizationName' | 'timeZone'>;
  trust: PortalTrust;
  anchors: VerifyAnchors;
  scratch: Scratch;
  clock: Clock;
}

/** The verification's dependencies: the portal's root and the trust list as anchors. */
export function verifyDepsOf(
  deps: Omit<VerifyDeps, 'anchors'> & { config: Pick<AppConfig, 'trustedRoots'> },
): VerifyDeps {
  return {
    ...deps,
    anchors: verifyAnchorsOf(deps.trust.pki.root.certificate, deps.config.trustedRoots),
  };
}

const fileIssue = (key: string) => new AppError('validation', { issues: [{ path: 'file', key }] });

/**
 * Verifies an uploaded file, which must be a readable, unencrypted PDF: each signature and
 * document time stamp against the portal's root and the trust list, and the verdict. Reads
 * the file where it lies and keeps nothing.
 */
export async function verifyReceivedFile(
  deps: Pick<VerifyDeps, 'anchors'>,
  file: ReceivedFile,
): Promise<VerifyResult> {
  const problem = await checkPdf(file.path, file.size);
  if (problem === 'encrypted') throw fileIssue(validationKeys.encryptedPdf);
  if (problem !== null) throw fileIssue(validationKeys.invalidFileFormat);
  const source = await fileSource(file.path);
  try {
    const reports = await verifyPdf(source, { trustAnchors: deps.anchors.certificates });
    const Signatures = reports.map((report) => presentSignature(report, deps.anchors));
    return { Verdict: verdictOf(Signatures), Signatures };
  } catch (error) {
    if (error instanceof PdfError)
      throw new AppError('validation', { key: verifyErrorKeys.unreadable, cause: error });
    throw error;
  } finally {
    await source.close();
  }
}

/**
 * Verifies an uploaded file as verifyReceivedFile does and answers the report of it in
 * `language`, sealed by the portal; written and read in a temporary folder that is removed.
 */
export async function reportReceivedFile(
  deps: VerifyDeps,
  file: ReceivedFile,
  fileName: string,
  language: Language,
): Promise<{ pdf: Buffer; fileName: string }> {
  const result = await verifyReceivedFile(deps, file);
  return withTempDir(deps.scratch, async (dir) => {
    const report = await writeVerificationReport({
      trust: deps.trust,
      organisation: deps.config.organizationName,
      result,
      subject: {
        fileName,
        sha256: file.sha256,
        checkedAt: deps.clock.now(),
        timeZone: deps.config.timeZone,
      },
      language,
      dir,
    });
    return { pdf: await readFile(report.path), fileName: report.fileName };
  });
}
