import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageOf } from '@esign/contract';
import { appendInformationPage, keySigner, signPdf } from '@esign/pades';
import { listAuditEvents } from '../audit/audit.repository.ts';
import { auditOperations } from '../audit/audit.service.ts';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';
import { listFiles } from '../signflows/flow-records.ts';
import { signedIdentityOf } from '../signing/signer-session.ts';
import type { SigningDeps } from '../signing/signing-deps.ts';
import { evidenceLines, type EvidenceSigner, type EvidenceSubject } from './evidence-lines.ts';
import { evidenceTexts } from './evidence-texts.ts';
import { emptyPdfaDocument } from './pdfa-base.ts';

const sealFieldName = 'EvidenceSeal';

// PostgreSQL answers timestamps as Dates, SQLite as ISO text.
const isoOf = (value: string | Date | null | undefined) =>
  value ? new Date(value).toISOString() : null;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What the report says, read from the flow's records, its audit trail and the signed file. */
async function gatherEvidence(
  deps: SigningDeps,
  flow: SignFlowRow,
  signers: SignerRow[],
  lastSignedPath: string,
): Promise<EvidenceSubject> {
  const files = await listFiles(deps.db, flow.id);
  const upload = files.find((file) => file.kind === 'signfile');
  const events = await listAuditEvents(deps.db, flow.id);
  const signEvents = new Map(
    events
      .filter((event) => event.operation === auditOperations.sign && event.signer_id)
      .map((event) => [event.signer_id, event]),
  );
  const evidenceSigners: EvidenceSigner[] = [...signers]
    .sort((a, b) => a.position - b.position)
    .map((signer) => {
      const signed = signEvents.get(signer.id);
      return {
        name: signer.name,
        email: signer.email,
        level: signer.signature_level,
        identity: signedIdentityOf(signer),
        signedAt: isoOf(signed?.occurred_at ?? signer.completed_at),
        ip: signed?.ip ?? null,
        userAgent: signed?.user_agent ?? null,
      };
    });
  return {
    flowName: flow.name,
    fileName: upload?.file_name ?? '',
    originalSha256: upload?.sha256 ?? '',
    signedSha256: await sha256Of(lastSignedPath),
    signers: evidenceSigners,
    events: events.map((event) => ({
      occurredAt: isoOf(event.occurred_at) ?? '',
      operation: event.operation,
      actor: event.actor,
      hash: event.hash,
    })),
    writtenAt: deps.clock.now(),
    timeZone: deps.config.timeZone,
  };
}

/**
 * Writes the flow's evidence report in `dir` (a PDF/A-2b file in the flow's language, sealed
 * by the organisation at B-T; the signed file's archive time stamp covers it) and answers its path, download name and
 * description. `lastSignedPath` is the document as the last signer's signature covers it.
 */
export async function writeEvidenceReport(
  deps: SigningDeps,
  flow: SignFlowRow,
  signers: SignerRow[],
  lastSignedPath: string,
  dir: string,
): Promise<{ path: string; fileName: string; description: string; subject: EvidenceSubject }> {
  const language = languageOf(flow.language);
  const texts = evidenceTexts[language];
  const organisation = deps.config.organizationName || texts.seal;
  const subject = await gatherEvidence(deps, flow, signers, lastSignedPath);
  const base = join(dir, 'evidence-base.pdf');
  const withPage = join(dir, 'evidence-page.pdf');
  const output = join(dir, 'evidence.pdf');
  await writeFile(base, emptyPdfaDocument(texts.heading, language, subject.writtenAt));
  await appendInformationPage({
    input: base,
    output: withPage,
    ...evidenceLines(subject, language),
    sealField: {
      name: sealFieldName,
      label: organisation,
      description: organisation === texts.seal ? texts.seal : `${texts.seal}: ${organisation}`,
    },
    language,
  });
  const { seal } = deps.trust;
  const timestamp = (digest: Buffer) => deps.trust.timestamp(digest);
  await signPdf({
    input: withPage,
    output,
    signer: keySigner(seal.privateKey, seal.certificate, seal.chain),
    level: 'B-T',
    timestamp,
    fieldName: sealFieldName,
    name: organisation,
    signingTime: subject.writtenAt,
    appearance: { lines: [organisation, texts.seal], showLevel: false },
  });
  return {
    path: output,
    fileName: texts.fileName,
    description: texts.attachmentDescription,
    subject,
  };
}
