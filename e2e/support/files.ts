import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A one-page PDF with a correct cross-reference table, as a user's document. */
function onePagePdf(title: string): Buffer {
  const content = `BT /F1 20 Tf 72 760 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const offsets: number[] = [];
  let pdf = '%PDF-1.7\n';
  for (const [index, object] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Files a user would pick: a contract PDF, an image and a text attachment. */
export function makeUserFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'esign-e2e-files-'));
  const write = (name: string, content: Buffer | string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  return {
    contract: write('Vuokrasopimus.pdf', onePagePdf('Vuokrasopimus')),
    image: write(
      'pohjapiirros.png',
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    ),
    text: write('ehdot.txt', 'Vuokra-ajan ehdot\n'),
  };
}
