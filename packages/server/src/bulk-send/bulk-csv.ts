import { bulkErrorKeys } from '@esign/contract';
import { parse } from 'csv-parse/sync';

/** A CSV as read: its header and its data rows, each with its number as a spreadsheet shows it. */
export interface ParsedCsv {
  delimiter: ',' | ';';
  headers: string[];
  rows: { row: number; fields: string[] }[];
}

export type CsvReadResult =
  { ok: true; csv: ParsedCsv } | { ok: false; key: string; params?: Record<string, number> };

/**
 * The delimiter of the header line: Excel writes ';' in the Finnish and Swedish locales and
 * ',' in English; whichever appears more often outside quotes wins (',' on a tie).
 */
export function detectDelimiter(text: string): ',' | ';' {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

const isBlank = (fields: string[]) => fields.every((field) => field.trim() === '');

/**
 * Reads an uploaded CSV: UTF-8 with or without a BOM, ',' or ';' (detected), quoted fields,
 * CRLF or LF. Rows whose fields are all empty (an empty line, or Excel's ";;;") are left
 * out but counted, so that row numbers stay those a spreadsheet shows (the header is row 1).
 */
export function readCsv(bytes: Uint8Array): CsvReadResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, key: bulkErrorKeys.unreadable };
  }
  // A NUL never appears in text a spreadsheet writes: this is some other kind of file.
  if (text.includes('\u0000')) return { ok: false, key: bulkErrorKeys.unreadable };
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return {
      ok: false,
      key: bulkErrorKeys.unreadable,
      ...(typeof line === 'number' ? { params: { line } } : {}),
    };
  }
  const [header, ...data] = records;
  if (!header || isBlank(header)) return { ok: false, key: bulkErrorKeys.noRows };
  const rows = data
    .map((fields, index) => ({ row: index + 2, fields }))
    .filter((row) => !isBlank(row.fields));
  return { ok: true, csv: { delimiter, headers: header.map((name) => name.trim()), rows } };
}
