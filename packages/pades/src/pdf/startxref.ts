/**
 * How many final bytes of a file are searched for `startxref`. Readers search the last
 * kilobyte (poppler, mupdf, qpdf) and repair a file whose marker lies further up; we take
 * four, so bytes a transfer or a tool left after `%%EOF` (a NUL, a line, a short banner) are
 * read past without any repair.
 */
export const startxrefSearchBytes = 4096;

/**
 * The cross-reference offset that the last `startxref` in `tail` (a file's final bytes) names,
 * with or without `%%EOF` and whatever follows it; undefined when `tail` has none.
 */
export function lastStartxref(tail: Buffer | string): number | undefined {
  const text = typeof tail === 'string' ? tail : tail.toString('latin1');
  // PDF whitespace includes NUL, which JavaScript's \s does not.
  const pattern = /startxref[\s\0]+(\d+)/g;
  let offset: number | undefined;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) offset = Number(match[1]);
  return offset !== undefined && Number.isSafeInteger(offset) ? offset : undefined;
}
