/** Where an object lies: at an offset in the file, or inside an object stream. */
export type XrefEntry =
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number };

/** True for a free entry: a table's 'f' or a stream's type 0 (read as offset -1). */
export function isFreeEntry(entry: XrefEntry): boolean {
  return entry.type === 'offset' && entry.offset < 0;
}
