/**
 * A PDF of the given objects (numbered from 1, the first the catalog) with a correct
 * cross-reference table: the report's empty A4 document, and the tests' small files.
 */
export function plainPdf(objects: string[]): Buffer {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A PDF without pages, its page tree sized A4: information pages are appended to it, so the
 * portal's own documents (the verify report, the personal signed file) are written by the same
 * code as the signature and information pages.
 */
export function emptyA4Pdf(): Buffer {
  return plainPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 /MediaBox [0 0 595 842] >>',
  ]);
}
