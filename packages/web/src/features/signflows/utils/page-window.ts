/**
 * The page numbers the pagination shows: at most `width` consecutive pages with the
 * current one as near the middle as the ends allow.
 */
export function pageWindow(current: number, pageCount: number, width = 5): number[] {
  if (pageCount < 1 || width < 1) return [];
  const size = Math.min(width, pageCount);
  const page = Math.min(Math.max(current, 1), pageCount);
  const first = Math.min(Math.max(page - Math.floor((size - 1) / 2), 1), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}
