import { deflateSync } from 'node:zlib';
import { PdfDocument } from '../../src/pdf/document.ts';
import { fileSource } from '../../src/pdf/source.ts';
import { isDict, isRef, PdfRef, type PdfValue } from '../../src/pdf/values.ts';
import { runTool } from './run-tool.ts';
import { writePdf } from './pdf-writer.ts';

/** The object numbers of libreOfficeLikePdf's file. */
export const likeObjects = { catalog: 1, pages: 2, page: 3, annots: 6, field: 8, landscape: 9 };

const content = (text: string) =>
  deflateSync(
    Buffer.from(`BT /F1 12 Tf 56.6929133858268 785.196850393701 Td (${text}) Tj ET`, 'latin1'),
  );

/**
 * A two-page file written as LibreOffice writes its pages (reals of 15 digits, no spaces
 * between tokens, /Tabs as a string, an inherited MediaBox with spaces inside the brackets),
 * with two things LibreOffice does not write but other producers do: an /Annots array that is
 * an object of its own, and the AcroForm (a filled text field) inside the catalog. With
 * form 'stream', every dictionary lies in an object stream.
 */
export function libreOfficeLikePdf(form: 'table' | 'stream'): Buffer {
  const font = '/Resources<</Font<</F1 5 0 R>>>>';
  return writePdf(
    [
      {
        num: 1,
        body: '<</Type/Catalog/Pages 2 0 R\n/AcroForm<</Fields[ 8 0 R ]/DA(/Helv 0 Tf 0 g )/DR<</Font<</Helv 5 0 R>>>>>>\n/Lang(fi-FI)\n>>',
      },
      {
        num: 2,
        body: '<</Type/Pages\n/MediaBox[ 0 0 595.303937007874 841.889763779528 ]\n/Kids[ 3 0 R 9 0 R ]\n/Count 2>>',
      },
      {
        num: 3,
        body: `<</Type/Page/Parent 2 0 R${font}/MediaBox[0 0 595.303937007874 841.889763779528]/Annots 6 0 R/Tabs(S)\n/Contents 4 0 R>>`,
      },
      { num: 4, body: '<</Filter/FlateDecode>>', stream: content('Vuokrasopimus') },
      { num: 5, body: '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>' },
      { num: 6, body: '[ 7 0 R 8 0 R ]' },
      {
        num: 7,
        body: '<</Type/Annot/Subtype/Link/Border[0 0 0]/Rect[56.6929133858268 700.157480314961 200.5 714.4]/Dest[3 0 R/XYZ 0 841.889763779528 0]>>',
      },
      {
        num: 8,
        body: '<</Type/Annot/Subtype/Widget/FT/Tx/T(Vuokralainen)/V(Maija)/F 4/P 3 0 R/Rect[56.6929133858268 600.094488188976 300.47244094 620.4]/DA(/Helv 0 Tf 0 g )>>',
      },
      {
        num: 9,
        body: `<</Type/Page/Parent 2 0 R${font}/MediaBox[0 0 841.889763779528 595.303937007874]/Contents 10 0 R>>`,
      },
      { num: 10, body: '<</Filter/FlateDecode>>', stream: content('Liite') },
    ],
    {
      form,
      root: 1,
      compress: [1, 2, 3, 5, 6, 7, 8, 9],
      trailer: '/ID [<0A1B2C3D4E5F60718293A4B5C6D7E8F9> <0A1B2C3D4E5F60718293A4B5C6D7E8F9>]',
    },
  );
}

/**
 * The bytes `after` inserts into `before`, one string per run, when `before` is a subsequence
 * of it (nothing removed, no byte changed); null when it is not.
 */
export function insertions(before: Buffer, after: Buffer): string[] | null {
  const inserted: string[] = [];
  let run = '';
  let at = 0;
  for (const byte of after) {
    if (at < before.length && byte === before[at]) {
      if (run) inserted.push(run);
      run = '';
      at += 1;
    } else run += String.fromCharCode(byte);
  }
  if (run) inserted.push(run);
  return at === before.length ? inserted : null;
}

/** Each page's reference, in order, walking the page tree. */
export async function pageRefs(document: PdfDocument): Promise<PdfRef[]> {
  const catalog = await document.resolve(document.trailer.get('Root'));
  const found: PdfRef[] = [];
  const visit = async (node: PdfValue | undefined, depth: number): Promise<void> => {
    if (!isRef(node) || depth > 16) return;
    const dict = await document.getObject(node);
    if (!isDict(dict)) return;
    const kids = await document.resolve(dict.get('Kids'));
    if (!Array.isArray(kids)) found.push(node);
    else for (const kid of kids) await visit(kid, depth + 1);
  };
  await visit(isDict(catalog) ? catalog.get('Pages') : null, 0);
  return found;
}

/** Opens a file, gives the document to `read`, closes it. */
export async function withDocument<T>(
  path: string,
  read: (document: PdfDocument) => Promise<T>,
): Promise<T> {
  const source = await fileSource(path);
  try {
    return await read(await PdfDocument.open(source));
  } finally {
    await source.close();
  }
}

/** An object's current text, as written in the file or its object stream. */
export async function objectText(path: string, num: number): Promise<Buffer> {
  return withDocument(path, (document) => document.getObjectText(new PdfRef(num, 0)));
}

/** qpdf's own printing of an object (its reals as the file writes them), /Annots left out. */
export function qpdfObjectWithoutAnnots(path: string, num: number): string {
  const { stdout } = runTool('qpdf', [`--show-object=${num}`, path]);
  return stdout.replace(/\/Annots (\[[^\]]*\]|\d+ \d+ R) ?/, '');
}

/** What mupdf says when it reads and draws every page (and its exit status), besides that it lacks ICC support. */
export function mutoolComplaints(path: string): string[] {
  // mutool writes its warnings to stderr: sent to stdout here, the drawn text to nowhere.
  const run = runTool('sh', ['-c', 'mutool draw -F txt -o /dev/null "$1" 2>&1', 'sh', path]);
  if (run.status === 127) throw new Error('mutool is not installed');
  const lines = run.stdout.split('\n');
  return [
    ...(run.status === 0 ? [] : [`mutool exited ${run.status}`]),
    ...lines.filter((line) => /error|warning|repair/i.test(line) && !/ICC support/.test(line)),
  ];
}
