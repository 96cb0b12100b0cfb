import { bulkCsvHeaders } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { readCsv } from './bulk-csv.ts';
import { checkRows } from './bulk-rows.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(text)]);

function parsed(input: Uint8Array) {
  const result = readCsv(input);
  if (!result.ok) throw new Error(`not read: ${result.key}`);
  return result.csv;
}

const roles = ['Työntekijä', 'Esihenkilö'];
const finnishHeader = bulkCsvHeaders(roles, 'fi').join(';');

describe('reading a bulk CSV', () => {
  it('reads semicolons with a BOM and Finnish letters as Excel writes them in Finland', () => {
    const csv = parsed(
      withBom(`${finnishHeader}\r\nÄijä Öhman;aija@example.com;;Åsa Ek;asa@example.com;;;\r\n`),
    );
    expect(csv.delimiter).toBe(';');
    expect(csv.headers[0]).toBe('Työntekijä: nimi');
    expect(csv.rows).toEqual([
      {
        row: 2,
        fields: ['Äijä Öhman', 'aija@example.com', '', 'Åsa Ek', 'asa@example.com', '', '', ''],
      },
    ]);
  });

  it('reads commas without a BOM and quoted fields with the delimiter, quotes and line breaks', () => {
    const csv = parsed(bytes('a,b,c\n"Ek, Åsa","say ""hi""","two\nlines"\n'));
    expect(csv.delimiter).toBe(',');
    expect(csv.rows[0]?.fields).toEqual(['Ek, Åsa', 'say "hi"', 'two\nlines']);
  });

  it('skips empty lines and rows of empty fields but keeps the spreadsheet row numbers', () => {
    const csv = parsed(bytes('a;b\r\n\r\nx;y\r\n;\r\nz;w\r\n'));
    expect(csv.rows.map((row) => row.row)).toEqual([3, 5]);
  });

  it('refuses a file that is not UTF-8 text', () => {
    expect(readCsv(new Uint8Array([0x61, 0x3b, 0xe4, 0x0a]))).toMatchObject({
      ok: false,
      key: 'bulk.errors.unreadable',
    });
    expect(readCsv(bytes('a;b\u0000\n'))).toMatchObject({ ok: false });
  });

  it('refuses an unclosed quote, telling the line', () => {
    expect(readCsv(bytes('a;b\n"x;y\n'))).toMatchObject({
      ok: false,
      key: 'bulk.errors.unreadable',
    });
  });

  it('answers no rows for an empty file', () => {
    expect(readCsv(bytes(''))).toMatchObject({ ok: false, key: 'bulk.errors.noRows' });
  });
});

describe('checking the rows against the roles', () => {
  const row = (cells: string[]) => cells.join(';');
  const file = (...rows: string[]) => parsed(withBom([finnishHeader, ...rows].join('\r\n')));

  it('answers each row as its people, name and note when every row is good', () => {
    const { rows, problems } = checkRows(
      file(row(['Äijä', 'aija@example.com', '', 'Åsa', 'asa@example.com', '', 'Sopimus', 'Hei'])),
      roles,
      1000,
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        flowName: 'Sopimus',
        note: 'Hei',
        people: [
          {
            Role: 'Työntekijä',
            Name: 'Äijä',
            Email: 'aija@example.com',
            PersonalIdentityCode: null,
          },
          { Role: 'Esihenkilö', Name: 'Åsa', Email: 'asa@example.com', PersonalIdentityCode: null },
        ],
      },
    ]);
  });

  it('accepts the headers in English and Swedish, in any order and case', () => {
    const headers = [
      ...bulkCsvHeaders(['Työntekijä'], 'sv').slice(0, 2),
      'ESIHENKILÖ: E-MAIL ADDRESS',
      'Esihenkilö: name',
    ];
    const csv = parsed(bytes(`${headers.join(',')}\nA,a@example.com,b@example.com,B\n`));
    expect(checkRows(csv, roles, 10).problems).toEqual([]);
  });

  it('gives every bad cell a problem by row and column with the SPEC §5 keys', () => {
    const { rows, problems } = checkRows(
      file(
        row(['Äijä', 'not-an-address', '010101-123X', '', 'asa@example.com', '', '', '']),
        row(['B', '', '', 'C', 'c@example.com', '', 'x'.repeat(201), '']),
      ),
      roles,
      1000,
    );
    expect(rows).toEqual([]);
    expect(problems.map(({ Row, Column, Key }) => [Row, Column, Key])).toEqual([
      [2, 'Työntekijä: sähköpostiosoite', 'validation.invalidSignerEmail'],
      [2, 'Työntekijä: henkilötunnus', 'validation.invalidPersonalIdentityCode'],
      [2, 'Esihenkilö: nimi', 'validation.required'],
      [3, 'Työntekijä: sähköpostiosoite', 'validation.signerEmailRequired'],
      [3, 'Allekirjoituspyynnön nimi', 'validation.maxLength'],
    ]);
    expect(problems[4]).toMatchObject({
      Params: { n: 200 },
      Message: 'maximum length 200 characters',
    });
  });

  it('names a missing or unknown column before looking at any row', () => {
    const csv = parsed(bytes('Työntekijä: nimi;Colour\nA;red\n'));
    const { problems } = checkRows(csv, roles, 1000);
    expect(problems.map(({ Row, Key, Params }) => [Row, Key, Params])).toEqual([
      [1, 'bulk.errors.unknownColumn', { column: 'Colour' }],
      [1, 'bulk.errors.missingColumn', { column: 'Työntekijä: sähköpostiosoite' }],
      [1, 'bulk.errors.missingColumn', { column: 'Esihenkilö: nimi' }],
      [1, 'bulk.errors.missingColumn', { column: 'Esihenkilö: sähköpostiosoite' }],
    ]);
  });

  it('refuses more rows than the batch may have', () => {
    const good = row(['A', 'a@example.com', '', 'B', 'b@example.com', '', '', '']);
    const { problems } = checkRows(file(good, good, good), roles, 2);
    expect(problems).toEqual([
      expect.objectContaining({ Row: 0, Key: 'bulk.errors.tooManyRows', Params: { max: 2 } }),
    ]);
  });
});
