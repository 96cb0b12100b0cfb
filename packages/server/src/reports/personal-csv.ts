/** Excel reads a UTF-8 file as UTF-8 (ä, ö, å) only when it starts with the byte order mark. */
export const utf8Bom = '\uFEFF';

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP: CSV injection).
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/**
 * One CSV field, safe to open in a spreadsheet: a leading formula character gets a single
 * quote in front, and a field holding a quote, comma or line break is quoted (RFC 4180).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: the BOM, the header row, then the rows, each line ended by CRLF. */
export function writeCsv<Column extends string>(
  columns: readonly Column[],
  rows: readonly Partial<Record<Column, string | number | null>>[],
): string {
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column]))].map(
    (cells) => `${cells.map(csvField).join(',')}\r\n`,
  );
  return `${utf8Bom}${lines.join('')}`;
}
