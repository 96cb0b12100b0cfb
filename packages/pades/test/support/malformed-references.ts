import { deflateSync } from 'node:zlib';
import { classicForm, documentObjects, replaced, type Entries } from './corpus-bases.ts';
import { lastStartxref, writePdf, type SourceObject } from './pdf-writer.ts';

/** Tables, streams and trailers that lie: offsets, counts, sizes, widths, filters, chains. */
export function brokenCrossReferences(bases: Record<string, Buffer>): Entries {
  const { classic = Buffer.alloc(0), streams = Buffer.alloc(0), hybrid = Buffer.alloc(0) } = bases;
  const entries: Entries = [];
  for (const [name, pdf] of Object.entries({ classic, streams, hybrid })) {
    const at = lastStartxref(pdf);
    const startxref = (value: number) => (found: string) => found.replace(/\d+$/, String(value));
    for (const shift of [-17, -3, -1, 1, 2, 5])
      entries.push([
        `${name} startxref ${shift > 0 ? '+' : ''}${shift}`,
        replaced(pdf, /startxref\s+\d+/, startxref(at + shift)),
      ]);
    entries.push(
      [`${name} startxref 0`, replaced(pdf, /startxref\s+\d+/, startxref(0))],
      [`${name} startxref past the end`, replaced(pdf, /startxref\s+\d+/, startxref(99999999))],
      [`${name} without startxref`, replaced(pdf, /startxref/, 'startxxxx')],
      [`${name} without %%EOF`, replaced(pdf, /%%EOF/, '%%EOX')],
      [`${name} /Root to a missing object`, replaced(pdf, '/Root 1 0 R', '/Root 99 0 R')],
      [`${name} /Root to the Info dictionary`, replaced(pdf, '/Root 1 0 R', '/Root 8 0 R')],
      [`${name} /Root to a content stream`, replaced(pdf, '/Root 1 0 R', '/Root 5 0 R')],
      [`${name} /Root to object 0`, replaced(pdf, '/Root 1 0 R', '/Root 0 0 R')],
      [`${name} /Root not a reference`, replaced(pdf, '/Root 1 0 R', '/Root 1    ')],
      [`${name} /Size 0`, replaced(pdf, /\/Size \d+/, '/Size 0')],
      [`${name} /Size 1`, replaced(pdf, /\/Size \d+/, '/Size 1')],
      [`${name} /Size huge`, replaced(pdf, /\/Size \d+/, '/Size 99999999999')],
      [`${name} /Size negative`, replaced(pdf, /\/Size \d+/, '/Size -3')],
      [`${name} /Prev to itself`, replaced(pdf, /\/Root 1 0 R/, `/Prev ${at} /Root 1 0 R`)],
      [`${name} /Prev to the header`, replaced(pdf, /\/Root 1 0 R/, '/Prev 0 /Root 1 0 R')],
      [`${name} /Prev into an object`, replaced(pdf, /\/Root 1 0 R/, '/Prev 40 /Root 1 0 R')],
    );
  }
  for (let num = 1; num <= 8; num += 1) {
    const row = new RegExp(`(\\d{10}) 00000 n \\n`);
    const offset = Number(
      [...classic.toString('latin1').matchAll(new RegExp(row, 'g'))][num - 1]?.[1],
    );
    for (const shift of [-10, -1, 1, 10])
      entries.push([
        `classic object ${num} offset ${shift > 0 ? '+' : ''}${shift}`,
        replaced(classic, row, `${String(offset + shift).padStart(10, '0')} 00000 n \n`, num - 1),
      ]);
    entries.push(
      [
        `classic object ${num} marked free`,
        replaced(classic, row, `${String(offset).padStart(10, '0')} 00000 f \n`, num - 1),
      ],
      [
        `classic object ${num} of an unknown kind`,
        replaced(classic, row, `${String(offset).padStart(10, '0')} 00000 x \n`, num - 1),
      ],
    );
  }
  entries.push(
    ['classic subsection counting 99', replaced(classic, 'xref\n0 9', 'xref\n0 99')],
    ['classic subsection counting 1', replaced(classic, 'xref\n0 9', 'xref\n0 1')],
    ['classic subsection from 1', replaced(classic, 'xref\n0 9', 'xref\n1 9')],
    ['classic subsection not a number', replaced(classic, 'xref\n0 9', 'xref\na 9')],
    ['classic without the trailer keyword', replaced(classic, 'trailer', 'trailed')],
    ['classic trailer not a dictionary', replaced(classic, 'trailer\n<<', 'trailer\n[[')],
    ['classic trailer unterminated', replaced(classic, / >>\nstartxref/, '   \nstartxref')],
    ['streams /W of two widths', replaced(streams, '/W [1 4 2]', '/W [1 4]')],
    ['streams /W of zero widths', replaced(streams, '/W [1 4 2]', '/W [0 0 0]')],
    ['streams /W too wide', replaced(streams, '/W [1 4 2]', '/W [9 4 2]')],
    ['streams /W wider than its rows', replaced(streams, '/W [1 4 2]', '/W [1 4 3]')],
    ['streams /Index odd', replaced(streams, /\/Index \[[^\]]*\]/, '/Index [0]')],
    ['streams /Index beyond its rows', replaced(streams, /\/Index \[[^\]]*\]/, '/Index [0 99]')],
    ['streams /Index shifted', replaced(streams, /\/Index \[[^\]]*\]/, '/Index [5 11]')],
    ['streams /Predictor 2', replaced(streams, '/Predictor 12', '/Predictor 2')],
    ['streams /Predictor 15', replaced(streams, '/Predictor 12', '/Predictor 15')],
    ['streams /Columns 6', replaced(streams, '/Columns 7', '/Columns 6')],
    ['streams /Columns 0', replaced(streams, '/Columns 7', '/Columns 0')],
    ['streams without /DecodeParms', replaced(streams, /\/DecodeParms << [^>]*>>/, '')],
    [
      'streams xref stream /LZWDecode',
      replaced(streams, '/FlateDecode /DecodeParms', '/LZWDecode /DecodeParms'),
    ],
    ['streams xref stream of another /Type', replaced(streams, '/Type /XRef', '/Type /XReq')],
    ['hybrid /XRefStm 0', replaced(hybrid, /\/XRefStm \d+/, '/XRefStm 0')],
    ['hybrid /XRefStm past the end', replaced(hybrid, /\/XRefStm \d+/, '/XRefStm 9999999')],
    [
      'hybrid /XRefStm to the table',
      replaced(hybrid, /\/XRefStm \d+/, `/XRefStm ${lastStartxref(hybrid)}`),
    ],
    [
      'hybrid /XRefStm to the object stream',
      replaced(hybrid, /\/XRefStm (\d+)/, `/XRefStm ${hybrid.indexOf('9 0 obj')}`),
    ],
  );
  return entries;
}

/** A document whose objects 1 to 4 come from an object stream built from these parts. */
function objectStreamDocument(header: string, body: string, dict: string, deflate = true) {
  const data = Buffer.from(header + body, 'latin1');
  const objects: SourceObject[] = [
    ...documentObjects().filter((object) => object.num > 4),
    {
      num: 9,
      body: `<< /Type /ObjStm ${dict}${deflate ? ' /Filter /FlateDecode' : ''} >>`,
      stream: deflate ? deflateSync(data) : data,
    },
  ];
  const base = writePdf(objects, { ...classicForm, form: 'stream' });
  const rows = [1, 2, 3, 4].map((num, index) => ({ num, index }));
  // Point objects 1-4 into object 9 with an update of type-2 entries (written by hand).
  return withCompressedEntries(base, rows, 9);
}

/** `base` plus an xref-stream update whose rows put each object at an index of `stream`. */
function withCompressedEntries(
  base: Buffer,
  rows: Array<{ num: number; index: number }>,
  stream: number,
) {
  const xrefAt = base.length;
  const data = Buffer.alloc(rows.length * 7);
  rows.forEach(({ index }, row) => {
    data.writeUInt8(2, row * 7);
    data.writeUInt32BE(stream, row * 7 + 1);
    data.writeUInt16BE(index, row * 7 + 5);
  });
  const first = Math.min(...rows.map((row) => row.num));
  const update =
    `20 0 obj\n<< /Type /XRef /Size 21 /W [1 4 2] /Index [${first} ${rows.length}] /Root 1 0 R /Info 8 0 R ` +
    `/Prev ${lastStartxref(base)} /Length ${data.length} >>\nstream\n`;
  return Buffer.concat([
    base,
    Buffer.from(update, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
  ]);
}

/** Object streams whose /First, /N, header or data do not hold together. */
export function brokenObjectStreams(): Entries {
  const bodies = documentObjects()
    .filter((object) => object.num <= 4)
    .map((object) => `${object.body}\n`);
  let header = '';
  let offset = 0;
  for (const [index, body] of bodies.entries()) {
    header += `${index + 1} ${offset} `;
    offset += body.length;
  }
  const body = bodies.join('');
  const sound = (dict: string, h = header, b = body, deflate = true) =>
    objectStreamDocument(h, b, dict, deflate);
  const n = `/N 4 /First ${header.length}`;
  const entries: Entries = [['a sound object stream', sound(n)]];
  for (const first of [
    0,
    1,
    header.length - 1,
    header.length + 1,
    header.length + 40,
    header.length + body.length,
    header.length + body.length + 1,
    99999,
    -5,
  ])
    entries.push([`/First ${first}`, sound(`/N 4 /First ${first}`)]);
  for (const count of [0, 1, 3, 5, 99, -1, 2.5])
    entries.push([`/N ${count}`, sound(`/N ${count} /First ${header.length}`)]);
  entries.push(
    ['no /N', sound(`/First ${header.length}`)],
    ['no /First', sound('/N 4')],
    ['/First a name', sound('/N 4 /First /Ten')],
    ['header with words', sound(n, header.replace('2 ', 'b '))],
    ['header offsets past the data', sound(n, header.replace(/ (\d+) $/, ' 9999 '))],
    ['header offsets in the middle of an object', sound(n, header.replace(/^1 0/, '1 7'))],
    ['header offsets negative', sound(n, header.replace(/^1 0/, '1 -9'))],
    ['objects cut short', sound(n, header, body.slice(0, body.length / 2))],
    [
      'an object that is a stream inside',
      // The last object (page 4) becomes a stream; the offsets before it still hold.
      sound(
        n,
        header,
        `${body.slice(0, body.lastIndexOf('<<'))}<< /Length 3 >>\nstream\nabc\nendstream\n`,
      ),
    ],
    ['data not deflated but marked so', sound(`${n} /Filter /FlateDecode`, header, body, false)],
    ['data deflated but not marked so', replaced(sound(n), '/Filter /FlateDecode', '', 0)],
    ['an entry past /N', withCompressedEntries(sound(n), [{ num: 1, index: 7 }], 9)],
    [
      'an entry naming a non-stream as its object stream',
      withCompressedEntries(sound(n), [{ num: 1, index: 0 }], 8),
    ],
    [
      'an entry naming a missing object stream',
      withCompressedEntries(sound(n), [{ num: 1, index: 0 }], 77),
    ],
    [
      'an entry naming itself as its object stream',
      withCompressedEntries(sound(n), [{ num: 9, index: 0 }], 9),
    ],
  );
  return entries;
}
