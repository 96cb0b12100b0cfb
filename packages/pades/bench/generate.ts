import { createWriteStream } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Writes a generated PDF of about `size` bytes: a few pages with text and one large
 * image-like stream, streamed to disk (never held whole in memory).
 */
export async function writeGeneratedPdf(
  path: string,
  size: number,
  objectStreams = false,
): Promise<void> {
  const base = await PDFDocument.create();
  const font = await base.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < 3; page += 1)
    base.addPage([595, 842]).drawText(`Sivu ${page + 1}`, { x: 72, y: 760, size: 18, font });
  const head = Buffer.from(await base.save({ useObjectStreams: objectStreams }));
  if (size <= head.length) {
    await new Promise<void>((resolve) => createWriteStream(path).end(head, resolve));
    return;
  }
  // Append an incremental update holding one large stream object, so the file has the size wanted.
  const text = head.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const sizeMatch = /\/Size (\d+)/.exec(text);
  const rootMatch = /\/Root (\d+ \d+ R)/.exec(text);
  const num = Number(sizeMatch?.[1] ?? 100);
  const payload = Math.max(0, size - head.length - 200);
  const out = createWriteStream(path);
  const write = (chunk: Buffer | string) =>
    new Promise<void>((resolve) => (out.write(chunk) ? resolve() : out.once('drain', resolve)));
  await write(head);
  const objectAt = head.length + 1;
  await write(`\n${num} 0 obj\n<< /Length ${payload} >>\nstream\n`);
  const block = Buffer.alloc(1 << 20, 0x5a);
  for (let written = 0; written < payload; written += block.length)
    await write(block.subarray(0, Math.min(block.length, payload - written)));
  const xrefAt =
    objectAt +
    `${num} 0 obj\n<< /Length ${payload} >>\nstream\n`.length +
    payload +
    '\nendstream\nendobj\n'.length;
  await write('\nendstream\nendobj\n');
  if (objectStreams) {
    // Keep the file's form: a cross-reference stream for the update too.
    const rows = Buffer.alloc(14);
    rows.writeUInt8(1, 0);
    rows.writeUInt32BE(objectAt, 1);
    rows.writeUInt8(1, 7);
    rows.writeUInt32BE(xrefAt, 8);
    await write(
      `${num + 1} 0 obj\n<< /Type /XRef /Size ${num + 2} /W [1 4 2] /Index [${num} 2] /Root ${rootMatch?.[1] ?? '1 0 R'} /Prev ${startxref} /Length 14 >>\nstream\n`,
    );
    await write(rows);
    await write(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`);
  } else {
    await write(
      `xref\n${num} 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${num + 1} /Root ${rootMatch?.[1] ?? '1 0 R'} /Prev ${startxref} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
}
