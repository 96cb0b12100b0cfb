import { appendFile, copyFile } from 'node:fs/promises';
import { appendPagesUpdate, readAppendTarget } from './appended-pages.ts';
import { PdfDocument } from './document.ts';
import { newFieldNames } from './form-fields.ts';
import {
  layoutSignaturePages,
  signatureFieldLabel,
  type SignaturePageLanguage,
  type SignaturePageSigner,
} from './signature-page-layout.ts';
import { fileSource } from './source.ts';
import { PdfError } from './values.ts';

export interface PrepareForSigningOptions {
  input: string;
  output: string;
  title: string;
  signers: SignaturePageSigner[];
  language: SignaturePageLanguage;
}

/**
 * Prepares the update that appends the signature pages (heading, title, one box per signer
 * with the name and e-mail under it, on as many pages as the signers need, in embedded
 * fonts) and one empty signature field per signer on its box, added to the AcroForm and its
 * page, and to the structure tree of a tagged document; earlier pages, fields and
 * signatures are kept.
 */
export async function prepareSignaturePageUpdate(
  document: PdfDocument,
  options: Omit<PrepareForSigningOptions, 'input' | 'output'>,
): Promise<{ update: Buffer; fieldNames: string[] }> {
  if (options.signers.length === 0) throw new PdfError('a signature page needs a signer');
  const target = await readAppendTarget(document);
  const fieldNames = newFieldNames(options.signers, target.takenFieldNames, 'Signer');
  let next = 0;
  const layout = layoutSignaturePages(target.mediaBox, options, target.colorModel);
  const pages = layout.pages.map(({ content, boxes }) => ({
    content,
    fields: boxes.flatMap((box) => {
      const signer = options.signers[next];
      const name = fieldNames[next++];
      if (name === undefined || !signer) return [];
      return [{ name, box, description: signatureFieldLabel(options.language, signer.name) }];
    }),
  }));
  const update = await appendPagesUpdate(document, target, { ...layout, pages });
  return { update, fieldNames };
}

/**
 * Writes `output`: `input` unchanged plus an update that appends the signature page with
 * one empty signature field per signer. Answers the field names, in the signers' order.
 */
export async function prepareForSigning(options: PrepareForSigningOptions): Promise<string[]> {
  const source = await fileSource(options.input);
  let prepared: { update: Buffer; fieldNames: string[] };
  try {
    prepared = await prepareSignaturePageUpdate(await PdfDocument.open(source), options);
  } finally {
    await source.close();
  }
  if (options.input !== options.output) await copyFile(options.input, options.output);
  await appendFile(options.output, prepared.update);
  return prepared.fieldNames;
}
