import { readFileSync } from 'node:fs';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { pkcs12File, testIdentity, workDir } from './fixtures.ts';

/**
 * Signs a PDF as another tool would: pdf-lib adds the placeholder, @signpdf signs it
 * (adbe.pkcs7.detached) with a fresh self-signed RSA identity of that name, from a PKCS#12.
 */
export async function signWithAnotherTool(pdf: Buffer, signerName: string): Promise<Buffer> {
  const { p12 } = pkcs12File(workDir(), 'another-tool', testIdentity('rsa', signerName));
  const document = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: 'Sopimus',
    contactInfo: '',
    name: signerName,
    location: 'Helsinki',
  });
  const withPlaceholder = Buffer.from(await document.save({ useObjectStreams: false }));
  return new SignPdf().sign(
    withPlaceholder,
    new P12Signer(readFileSync(p12), { passphrase: 'another-tool' }),
  );
}
