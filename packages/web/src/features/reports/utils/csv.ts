/** Characters a spreadsheet may read as the start of a formula (or that hide one after them). */
const formulaStarts = ['=', '+', '-', '@', '\t', '\r'];

/**
 * One CSV cell, safe to open in a spreadsheet: text that would start a formula gets a leading
 * single quote (OWASP's advice against CSV injection), then RFC 4180 quoting when needed.
 */
export function escapeCsvCell(value: string | number): string {
  let text = String(value);
  if (formulaStarts.some((start) => text.startsWith(start))) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends (RFC 4180). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Offers CSV text to the user as a file download. A byte-order mark comes first so that
 * spreadsheet programs read the text as UTF-8 (ä, ö, å).
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
