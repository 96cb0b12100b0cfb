/** Where a signer moved one step up or down ends up, or undefined at either end of the list. */
export function stepTarget(
  index: number,
  direction: 'up' | 'down',
  count: number,
): number | undefined {
  const target = direction === 'up' ? index - 1 : index + 1;
  return target >= 0 && target < count ? target : undefined;
}

/**
 * The index a dragged row ends up at when dropped before or after another row, in the
 * terms of react-hook-form's move(from, to): take the row out, then insert it at `to`.
 */
export function dropTarget(from: number, over: number, place: 'before' | 'after'): number {
  const insertAt = over + (place === 'after' ? 1 : 0);
  return insertAt > from ? insertAt - 1 : insertAt;
}

/** The same move as react-hook-form's move(from, to), on a plain list. */
export function moveItem<Item>(items: readonly Item[], from: number, to: number): Item[] {
  const result = [...items];
  const [moved] = result.splice(from, 1);
  if (moved === undefined) return result;
  result.splice(to, 0, moved);
  return result;
}
