import { deflateSync } from 'node:zlib';

export interface HybridReferenceOptions {
  /**
   * How the classic table lists the objects kept in the object stream: as free entries of
   * generation 0, as Microsoft Word writes them (the default), or not at all.
   */
  compressedInTable?: 'free' | 'absent';
  /**
   * Which objects the object stream holds: the page tree root, the page, the font, the
   * AcroForm and its text field ('all', the default), or only the AcroForm and the field.
   */
  compressed?: 'all' | 'form';
  /** FlateDecode the content, the object stream and the cross-reference stream (default). */
  deflate?: boolean;
}

/** The object numbers of hybridReferencePdf's file. */
export const hybridObjects = {
  catalog: 1,
  pages: 2,
  page: 3,
  content: 4,
  font: 5,
  acroForm: 6,
  field: 7,
  info: 8,
  objectStream: 9,
  xrefStream: 10,
} as const;

/** The text drawn on the page (pdftotext finds it). */
export const hybridText = 'Vuokrasopimus, hybrid-reference file';

/** The name and value of the text field the form already holds. */
export const hybridField = { name: 'Vuokralainen', value: 'Maija Meikalainen' };

const size = 11;
const id = '<6A3F0C2E9B1D4E5F8A7B6C5D4E3F2A1B>';

/** Groups sorted object numbers into [first, count] runs. */
function runs(numbers: number[]): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const num of numbers) {
    const last = found[found.length - 1];
    if (last && last[0] + last[1] === num) last[1] += 1;
    else found.push([num, 1]);
  }
  return found;
}

/**
 * A one-page hybrid-reference PDF (ISO 32000-1 §7.5.8.4) as Microsoft Word writes them,
 * built byte by byte: its classic cross-reference table lists the objects kept in an object
 * stream as free (or leaves them out), and its trailer's /XRefStm points at a cross-reference
 * stream (/W [1 4 2]) giving those objects as type-2 entries. A reader that takes only the
 * table finds no page tree, page, font or form (the catalog, the content stream and the
 * Info dictionary are ordinary objects). qpdf reads it as the standard says and finds no error;
 * poppler (22.12) keeps the table's free entries, so it draws the page only when the page is
 * not hidden that way (`compressedInTable: 'absent'` or `compressed: 'form'`).
 */
export function hybridReferencePdf(options: HybridReferenceOptions = {}): Buffer {
  const { compressedInTable = 'free', compressed: which = 'all', deflate = true } = options;
  const n = hybridObjects;
  const compressedNumbers: number[] =
    which === 'all' ? [n.pages, n.page, n.font, n.acroForm, n.field] : [n.acroForm, n.field];
  const content = Buffer.from(
    [
      'BT',
      '/F1 18 Tf',
      '72 760 Td',
      `(${hybridText}) Tj`,
      '/F1 11 Tf',
      '0 -30 Td',
      '(Its page, font and form lie in an object stream that its table marks free.) Tj',
      '0 -52 Td',
      '(Vuokralainen:) Tj',
      'ET',
      '',
    ].join('\n'),
    'latin1',
  );
  const dictionaries = new Map<number, string>([
    [
      n.catalog,
      `<< /Type /Catalog /Pages ${n.pages} 0 R /AcroForm ${n.acroForm} 0 R /Lang (fi-FI) >>`,
    ],
    [n.pages, `<< /Type /Pages /Kids [${n.page} 0 R] /Count 1 >>`],
    [
      n.page,
      `<< /Type /Page /Parent ${n.pages} 0 R /MediaBox [0 0 595.32 841.92] ` +
        `/Resources << /Font << /F1 ${n.font} 0 R >> /ProcSet [/PDF /Text] >> ` +
        `/Contents ${n.content} 0 R /Annots [${n.field} 0 R] >>`,
    ],
    [n.font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
    [
      n.acroForm,
      `<< /Fields [${n.field} 0 R] /DA (/F1 0 Tf 0 g) /DR << /Font << /F1 ${n.font} 0 R >> >> >>`,
    ],
    [
      n.field,
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${hybridField.name}) ` +
        `/V (${hybridField.value}) /DA (/F1 11 Tf 0 g) /Rect [150 672 400 692] /F 4 ` +
        `/P ${n.page} 0 R /MK << /BC [0 0 0] >> >>`,
    ],
    [n.info, '<< /Producer (hybrid-reference fixture after Microsoft Word) /Title (Hybrid) >>'],
  ]);
  const filter = deflate ? ' /Filter /FlateDecode' : '';
  const encode = (data: Buffer) => (deflate ? deflateSync(data) : data);

  const parts: Buffer[] = [];
  let length = 0;
  const offsets = new Map<number, number>();
  const push = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const streamObject = (num: number, dict: string, data: Buffer) => {
    offsets.set(num, length);
    push(`${num} 0 obj\r\n<< ${dict}${filter} /Length ${encode(data).length} >>\r\nstream\r\n`);
    push(encode(data));
    push('\r\nendstream\r\nendobj\r\n');
  };

  push('%PDF-1.7\r\n%\xb5\xb5\xb5\xb5\r\n');
  for (const num of [n.catalog, n.info]) {
    offsets.set(num, length);
    push(`${num} 0 obj\r\n${dictionaries.get(num) ?? 'null'}\r\nendobj\r\n`);
  }
  streamObject(n.content, '', content);

  // The object stream: 'num offset' pairs, then the objects from /First on.
  let header = '';
  let body = '';
  for (const num of compressedNumbers) {
    header += `${num} ${body.length} `;
    body += `${dictionaries.get(num) ?? 'null'}\n`;
  }
  for (const num of [n.pages, n.page, n.font, n.acroForm, n.field]) {
    if (compressedNumbers.includes(num)) continue;
    offsets.set(num, length);
    push(`${num} 0 obj\r\n${dictionaries.get(num) ?? 'null'}\r\nendobj\r\n`);
  }
  streamObject(
    n.objectStream,
    `/Type /ObjStm /N ${compressedNumbers.length} /First ${header.length}`,
    Buffer.from(header + body, 'latin1'),
  );

  // The hidden cross-reference stream: type-2 rows for the compressed objects only.
  const rows = Buffer.alloc(compressedNumbers.length * 7);
  compressedNumbers.forEach((_num, index) => {
    rows.writeUInt8(2, index * 7);
    rows.writeUInt32BE(n.objectStream, index * 7 + 1);
    rows.writeUInt16BE(index, index * 7 + 5);
  });
  const xrefStreamAt = length;
  streamObject(
    n.xrefStream,
    `/Type /XRef /Size ${size} /W [1 4 2] ` +
      `/Index [${runs(compressedNumbers).flat().join(' ')}] ` +
      `/Root ${n.catalog} 0 R /Info ${n.info} 0 R /ID [${id} ${id}]`,
    rows,
  );

  // The classic table: ordinary objects in use; compressed ones free (a chain from 0) or absent.
  const tableAt = length;
  const entry = (offset: number, gen: number, kind: 'n' | 'f') =>
    `${String(offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} ${kind}\r\n`;
  const free = compressedInTable === 'free' ? compressedNumbers : [];
  const listed = [...Array(size).keys()].filter(
    (num) => num === 0 || offsets.has(num) || free.includes(num),
  );
  let table = 'xref\r\n';
  for (const [first, count] of runs(listed)) {
    table += `${first} ${count}\r\n`;
    for (let num = first; num < first + count; num += 1) {
      const offset = offsets.get(num);
      if (offset !== undefined) table += entry(offset, 0, 'n');
      else {
        // Each free entry names the next free object; the last one names 0.
        const nextFree = free.find((other) => other > num) ?? 0;
        table += entry(nextFree, num === 0 ? 65535 : 0, 'f');
      }
    }
  }
  push(table);
  push(
    `trailer\r\n<< /Size ${size} /Root ${n.catalog} 0 R /Info ${n.info} 0 R ` +
      `/ID [${id} ${id}] /XRefStm ${xrefStreamAt} >>\r\nstartxref\r\n${tableAt}\r\n%%EOF\r\n`,
  );
  return Buffer.concat(parts);
}
