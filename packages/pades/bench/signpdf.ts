import { readFileSync, writeFileSync } from 'node:fs';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';

/** The common JavaScript approach: @signpdf with pdf-lib's placeholder and the P12 signer. */
export async function signWithSignpdf(
  input: string,
  output: string,
  p12: string,
  passphrase: string,
): Promise<void> {
  const document = await PDFDocument.load(readFileSync(input));
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: 'bench',
    contactInfo: '',
    name: 'Bench',
    location: '',
  });
  const withPlaceholder = Buffer.from(await document.save({ useObjectStreams: false }));
  const signed = await new SignPdf().sign(
    withPlaceholder,
    new P12Signer(readFileSync(p12), { passphrase }),
  );
  writeFileSync(output, signed);
}
