import { PdfDocument } from './document.ts';
import { prepareDssUpdate } from './dss-update.ts';
import { prepareEmbeddedFileUpdate } from './embedded-file.ts';
import { readCatalog } from './incremental-update.ts';
import { prepareSignaturePageUpdate } from './signature-page.ts';
import { prepareSignatureUpdate } from './signature-update.ts';
import { appendedSource, fileSource, type PdfSource } from './source.ts';

// The updates are only parsed again, never signed: placeholders of a few bytes are enough.
const placeholderBytes = 8;
const signingTime = new Date(0);

/** A signature (into the named field) or a document time stamp, with small placeholders. */
async function signatureUpdate(
  document: PdfDocument,
  kind: 'signature' | 'timestamp',
  fieldName?: string,
): Promise<Buffer> {
  const field = fieldName === undefined ? {} : { fieldName };
  const options = { kind, contentsBytes: placeholderBytes, signingTime, ...field };
  return (await prepareSignatureUpdate(document, options)).update;
}

/** One round of what signing does to a document, each update read back before the next. */
async function signingRound(source: PdfSource, round: number): Promise<PdfSource> {
  let current = source;
  const apply = async (update: (document: PdfDocument) => Promise<Buffer>) => {
    current = appendedSource(current, await update(await PdfDocument.open(current)));
  };
  let fieldName: string | undefined;
  await apply(async (document) => {
    const page = { title: '', signers: [{ name: '' }], language: 'en' as const };
    const prepared = await prepareSignaturePageUpdate(document, page);
    fieldName = prepared.fieldNames[0];
    return prepared.update;
  });
  await apply((document) => signatureUpdate(document, 'signature', fieldName));
  // The evidence report, embedded before the validation data.
  const evidence = {
    name: `evidence-${round}.pdf`,
    data: Buffer.from('%PDF-1.7\n'),
    mimeType: 'application/pdf',
    description: '',
    relationship: 'Supplement' as const,
    modified: signingTime,
  };
  await apply((document) => prepareEmbeddedFileUpdate(document, evidence));
  // Other bytes each round, as the sealed copy's are: the DSS then grows an existing one.
  const data = { certificates: [Buffer.from(`certificate ${round}`)], crls: [] };
  await apply((document) => prepareDssUpdate(document, data));
  await apply((document) => signatureUpdate(document, 'timestamp'));
  return current;
}

/**
 * Reads `input` as every step from preparing to finishing will: a signature page, a signature
 * in its field, an embedded file, validation data and a document time stamp, then all of it again on the result
 * (a page appended to a finished file, as a sealed copy gets). Each update is built in memory
 * and read back by the next step, as the real files would be; nothing is written. Throws a
 * PdfError for a file any step would fail on, so it can be refused before anyone signs it.
 */
export async function checkCompletable(input: string): Promise<void> {
  const file = await fileSource(input);
  try {
    const finished = await signingRound(await signingRound(file, 1), 2);
    await readCatalog(await PdfDocument.open(finished));
  } finally {
    await file.close();
  }
}
