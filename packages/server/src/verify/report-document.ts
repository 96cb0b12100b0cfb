import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language, VerifyResult } from '@esign/contract';
import { addDocumentTimestamp, appendInformationPage, keySigner, signPdf } from '@esign/pades';
import type { PortalTrust } from '../pki/portal-trust.ts';
import { addFreshValidationData } from '../pki/fresh-validation-data.ts';
import { reportLines, type ReportSubject } from './report-lines.ts';
import { reportTexts } from './report-texts.ts';
import { emptyA4Pdf } from '../files/plain-pdf.ts';

const sealFieldName = 'PortalSeal';

export interface VerificationReportOptions {
  trust: PortalTrust;
  organisation: string;
  result: VerifyResult;
  subject: ReportSubject;
  language: Language;
  /** A private temporary folder the report is written into. */
  dir: string;
}

/**
 * Writes the verification report in `dir` and answers its path and download name: the
 * verdict and each signature in words, sealed with the portal's seal at B-T and brought to
 * B-LTA (validation data and a document time stamp), so the report itself can be verified.
 */
export async function writeVerificationReport(
  options: VerificationReportOptions,
): Promise<{ path: string; fileName: string }> {
  const { trust, dir, language } = options;
  const texts = reportTexts[language];
  const organisation = options.organisation || texts.seal;
  const base = join(dir, 'report-base.pdf');
  const withPage = join(dir, 'report-page.pdf');
  const sealed = join(dir, 'report-sealed.pdf');
  const withDss = join(dir, 'report-dss.pdf');
  const output = join(dir, 'report.pdf');
  await writeFile(base, emptyA4Pdf());
  await appendInformationPage({
    input: base,
    output: withPage,
    ...reportLines(options.result, options.subject, language),
    sealField: { name: sealFieldName, label: organisation },
  });
  const timestamp = (digest: Buffer) => trust.timestamp(digest);
  await signPdf({
    input: withPage,
    output: sealed,
    signer: keySigner(trust.seal.privateKey, trust.seal.certificate, trust.seal.chain),
    level: 'B-T',
    timestamp,
    fieldName: sealFieldName,
    name: organisation,
    signingTime: options.subject.checkedAt,
    appearance: { lines: [organisation, texts.seal], showLevel: false },
  });
  await addFreshValidationData({ trust }, sealed, withDss);
  await addDocumentTimestamp(withDss, output, timestamp);
  return { path: output, fileName: texts.fileName };
}
