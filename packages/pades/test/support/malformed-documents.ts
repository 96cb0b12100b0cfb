import { classicForm, documentWith, replaced, streamForm, type Entries } from './corpus-bases.ts';
import { appendUpdate, lastStartxref } from './pdf-writer.ts';

const forms = ['table', 'stream'] as const;

/** Page trees that loop back on themselves, or hold nothing a page tree should. */
export function pageTreeCycles(): Entries {
  const page = (parent: number, contents: number) =>
    `<< /Type /Page /Parent ${parent} 0 R /Contents ${contents} 0 R /Resources << /Font << /F1 7 0 R >> >> >>`;
  const cases: Array<[string, Record<number, string | null>]> = [
    ['the root listing itself', { 2: '<< /Type /Pages /Kids [2 0 R] /Count 1 >>' }],
    [
      'the root listing itself first',
      { 2: '<< /Type /Pages /Kids [2 0 R 3 0 R 4 0 R] /Count 2 >>' },
    ],
    [
      'the root listing itself last',
      { 2: '<< /Type /Pages /Kids [3 0 R 4 0 R 2 0 R] /Count 2 >>' },
    ],
    ['the root listing the catalog', { 2: '<< /Type /Pages /Kids [1 0 R] /Count 1 >>' }],
    [
      'two nodes listing each other',
      {
        2: '<< /Type /Pages /Kids [9 0 R] /Count 2 >>',
        9: '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 2 >>',
      },
    ],
    [
      'a node listing its grandparent',
      {
        2: '<< /Type /Pages /Kids [9 0 R] /Count 2 >>',
        9: '<< /Type /Pages /Parent 2 0 R /Kids [10 0 R] /Count 2 >>',
        10: '<< /Type /Pages /Parent 9 0 R /Kids [2 0 R 3 0 R] /Count 2 >>',
      },
    ],
    [
      'a page with kids of its own',
      { 3: '<< /Type /Page /Parent 2 0 R /Kids [2 0 R] /Contents 5 0 R >>' },
    ],
    [
      'a page that is a node of itself',
      { 3: '<< /Type /Pages /Parent 2 0 R /Kids [3 0 R] /Count 1 >>' },
    ],
    [
      'a page listed twice',
      { 2: '<< /Type /Pages /Kids [3 0 R 3 0 R 4 0 R] /Count 3 /MediaBox [0 0 595 842] >>' },
    ],
    ['kids not an array', { 2: '<< /Type /Pages /Kids 3 0 R /Count 1 >>' }],
    [
      'kids an array by reference',
      { 2: '<< /Type /Pages /Kids 9 0 R /Count 2 >>', 9: '[3 0 R 4 0 R]' },
    ],
    ['no kids', { 2: '<< /Type /Pages /Kids [] /Count 0 >>' }],
    ['a null kid', { 2: '<< /Type /Pages /Kids [null 3 0 R] /Count 1 >>' }],
    ['a missing kid', { 2: '<< /Type /Pages /Kids [99 0 R 3 0 R] /Count 2 >>' }],
    ['a stream as a kid', { 2: '<< /Type /Pages /Kids [5 0 R 3 0 R] /Count 2 >>' }],
    ['a count that is no number', { 2: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count /Two >>' }],
    ['a negative count', { 2: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count -2 >>' }],
    ['a huge count', { 2: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 99999999999 >>' }],
    ['no page tree', { 1: '<< /Type /Catalog >>' }],
    ['a page tree that is a page', { 1: '<< /Type /Catalog /Pages 3 0 R >>' }],
    ['a page tree that is an array', { 1: '<< /Type /Catalog /Pages 9 0 R >>', 9: '[3 0 R]' }],
    ['a page whose parent is itself', { 3: page(3, 5) }],
  ];
  return cases.flatMap(([name, changes]) =>
    forms.map((form): [string, Buffer] => [
      `${name} (${form})`,
      documentWith(changes, form, form === 'stream' ? { compress: [1, 2, 3, 4, 7, 8, 9, 10] } : {}),
    ]),
  );
}

/** Values nested deeper than any reader should follow: arrays, dictionaries, references, trees. */
export function deepNesting(): Entries {
  const entries: Entries = [];
  const pageWith = (extra: string) =>
    `<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Resources << /Font << /F1 7 0 R >> >> /Deep ${extra} >>`;
  for (const depth of [50, 99, 101, 1000, 20000]) {
    for (const form of forms) {
      entries.push([
        `arrays ${depth} deep in a page (${form})`,
        documentWith({ 3: pageWith(`${'['.repeat(depth)}${']'.repeat(depth)}`) }, form),
      ]);
      entries.push([
        `dictionaries ${depth} deep in the catalog (${form})`,
        documentWith(
          {
            1: `<< /Type /Catalog /Pages 2 0 R /Deep ${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)} >>`,
          },
          form,
        ),
      ]);
    }
  }
  for (const length of [3, 31, 33, 200]) {
    // Catalog /Pages → 20 → 21 → … → the page tree: indirect objects that are only references.
    const chain: Record<number, string> = { 1: '<< /Type /Catalog /Pages 20 0 R >>' };
    for (let index = 0; index < length; index += 1)
      chain[20 + index] = index === length - 1 ? '2 0 R' : `${21 + index} 0 R`;
    entries.push([`a page tree behind ${length} references`, documentWith(chain)]);
  }
  for (const depth of [10, 62, 63, 64, 65, 300]) {
    // Nodes 20, 21, … each with one kid, the last holding both pages.
    const tree: Record<number, string> = {
      2: '<< /Type /Pages /Kids [20 0 R] /Count 2 /MediaBox [0 0 595 842] >>',
    };
    for (let index = 0; index < depth; index += 1) {
      const kids = index === depth - 1 ? '3 0 R 4 0 R' : `${21 + index} 0 R`;
      tree[20 + index] =
        `<< /Type /Pages /Parent ${index === 0 ? 2 : 19 + index} 0 R /Kids [${kids}] /Count 2 >>`;
    }
    entries.push([`a page tree ${depth} levels deep`, documentWith(tree)]);
  }
  for (const depth of [10, 17, 1000]) {
    // Form fields 20, 21, … each the parent of the next, the last an empty signature field.
    const fields: Record<number, string> = {
      1: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [20 0 R] >> >>',
    };
    for (let index = 0; index < depth; index += 1)
      fields[20 + index] =
        index === depth - 1
          ? `<< /T (f${index}) /FT /Sig /Parent ${19 + index} 0 R >>`
          : `<< /T (f${index}) /Kids [${21 + index} 0 R] >>`;
    entries.push([`form fields ${depth} levels deep`, documentWith(fields)]);
  }
  return entries;
}

/** Incremental updates that redefine what the document needs, or chain wrongly. */
export function badUpdates(bases: Record<string, Buffer>): Entries {
  const entries: Entries = [];
  const catalogs = [
    'null',
    '0',
    '[]',
    '(Catalog)',
    '/Catalog',
    '<< >>',
    '<< /Type /Catalog >>',
    '<< /Type /Catalog /Pages 99 0 R >>',
    '<< /Type /Catalog /Pages 2 0 R /AcroForm 9 0 R >>',
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields 5 0 R >> >>',
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [1 0 R 1 0 R] >> >>',
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [null 8 0 R] >> >>',
  ];
  for (const base of ['classic', 'streams', 'form', 'hybrid'] as const) {
    const pdf = bases[base] ?? Buffer.alloc(0);
    for (const form of forms) {
      const options = { ...(form === 'table' ? classicForm : streamForm), compress: [1, 2] };
      for (const body of catalogs.slice(0, base === 'classic' ? catalogs.length : 4))
        entries.push([
          `${base}: the catalog redefined as ${body} (${form} update)`,
          appendUpdate(pdf, [{ num: 1, body }], options),
        ]);
      entries.push(
        [
          `${base}: the catalog freed (${form} update)`,
          appendUpdate(pdf, [{ num: 30, body: '<< >>' }], { ...options, free: [1] }),
        ],
        [
          `${base}: the page tree redefined as null (${form} update)`,
          appendUpdate(pdf, [{ num: 2, body: 'null' }], options),
        ],
        [
          `${base}: the page tree freed (${form} update)`,
          appendUpdate(pdf, [{ num: 30, body: '<< >>' }], { ...options, free: [2] }),
        ],
        [
          `${base}: /Root to an object the update leaves out (${form} update)`,
          appendUpdate(pdf, [{ num: 30, body: '<< >>' }], { ...options, root: 31 }),
        ],
      );
    }
  }
  const { classic = Buffer.alloc(0), streams = Buffer.alloc(0) } = bases;
  const update = appendUpdate(classic, [{ num: 8, body: '<< /Title (Uusi) >>' }], classicForm);
  const streamUpdate = appendUpdate(streams, [{ num: 8, body: '<< /Title (Uusi) >>' }], {
    ...streamForm,
    compress: [8],
  });
  const withFirst = (first: string) =>
    replaced(
      appendUpdate(streams, [{ num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' }], {
        ...streamForm,
        compress: [1],
      }),
      /\/First \d+/,
      `/First ${first}`,
      1,
    );
  entries.push(
    [
      'the catalog moved into an update object stream whose /First is past its data',
      withFirst('9999'),
    ],
    ['the catalog moved into an update object stream whose /First is 0', withFirst('0')],
    [
      'the catalog moved into an update object stream whose /First is one short',
      withFirst(
        String(
          Number(
            /\/First (\d+)/.exec(
              appendUpdate(streams, [{ num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' }], {
                ...streamForm,
                compress: [1],
              })
                .toString('latin1')
                .slice(streams.length),
            )?.[1] ?? 1,
          ) - 1,
        ),
      ),
    ],
    [
      'an update whose /Prev is its own section',
      replaced(update, /\/Prev \d+/, `/Prev ${lastStartxref(update)}`),
    ],
    ['an update whose /Prev points into the body', replaced(update, /\/Prev \d+/, '/Prev 100')],
    ['an update whose /Prev is past the end', replaced(update, /\/Prev \d+/, '/Prev 99999999')],
    ['an update whose /Prev is no number', replaced(update, /\/Prev \d+/, '/Prev /X')],
    ['an update without /Root', replaced(update, '/Root 1 0 R', '', 1)],
    ['an update cut before its %%EOF', update.subarray(0, update.lastIndexOf('%%EOF'))],
    [
      'garbage after the last %%EOF',
      Buffer.concat([update, Buffer.from('\n1 0 obj\nnull\nendobj\n')]),
    ],
    [
      'an update whose offsets are one off',
      replaced(
        update,
        /(\d{10}) 00000 n \n/,
        `${String(update.lastIndexOf('8 0 obj') + 1).padStart(10, '0')} 00000 n \n`,
        9,
      ),
    ],
    [
      'a stream update whose /Prev is its own section',
      replaced(streamUpdate, /\/Prev \d+/, `/Prev ${lastStartxref(streamUpdate)}`),
    ],
    [
      'a stream update whose /Prev points into the body',
      replaced(streamUpdate, /\/Prev \d+/, '/Prev 100'),
    ],
    ['a stream update without /Root', replaced(streamUpdate, '/Root 1 0 R', '', 1)],
    [
      'a stream update with the table form of the base',
      appendUpdate(streams, [{ num: 8, body: '<< /Title (Uusi) >>' }], classicForm),
    ],
    [
      'a table update whose /XRefStm points at nothing',
      replaced(update, /\/Prev \d+/, (match) => `${match} /XRefStm 60`),
    ],
    [
      'three updates, the middle one cut off',
      appendUpdate(
        update.subarray(0, update.length - 40),
        [{ num: 8, body: '<< >>' }],
        classicForm,
      ),
    ],
    [
      'an empty signature field already signed',
      appendUpdate(
        bases.form ?? classic,
        [
          {
            num: 11,
            body: '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Vuokranantaja) /V 30 0 R /Rect [72 500 300 560] /P 3 0 R >>',
          },
          { num: 30, body: '<< /Type /Sig >>' },
        ],
        classicForm,
      ),
    ],
    [
      'a form field that is its own kid',
      appendUpdate(
        bases.form ?? classic,
        [{ num: 10, body: '<< /FT /Tx /T (Vuokralainen) /Kids [10 0 R] >>' }],
        classicForm,
      ),
    ],
  );
  return entries;
}
