import { describe, expect, it } from 'vitest';
import { dropTarget, moveItem, stepTarget } from './signer-order.ts';

describe('moving a signer one step', () => {
  it('goes up and down within the list', () => {
    expect(stepTarget(1, 'up', 3)).toBe(0);
    expect(stepTarget(1, 'down', 3)).toBe(2);
  });

  it('goes nowhere past either end', () => {
    expect(stepTarget(0, 'up', 3)).toBeUndefined();
    expect(stepTarget(2, 'down', 3)).toBeUndefined();
  });

  it('swaps the signer with its neighbour', () => {
    const to = stepTarget(0, 'down', 3) ?? 0;
    expect(moveItem(['a', 'b', 'c'], 0, to)).toEqual(['b', 'a', 'c']);
  });
});

describe('dropping a dragged signer on another row', () => {
  const drop = (from: number, over: number, place: 'before' | 'after') =>
    moveItem(['a', 'b', 'c', 'd'], from, dropTarget(from, over, place));

  it('puts it before or after the row it is dropped on, downwards', () => {
    expect(drop(0, 2, 'before')).toEqual(['b', 'a', 'c', 'd']);
    expect(drop(0, 2, 'after')).toEqual(['b', 'c', 'a', 'd']);
    expect(drop(0, 3, 'after')).toEqual(['b', 'c', 'd', 'a']);
  });

  it('puts it before or after the row it is dropped on, upwards', () => {
    expect(drop(3, 0, 'before')).toEqual(['d', 'a', 'b', 'c']);
    expect(drop(3, 1, 'after')).toEqual(['a', 'b', 'd', 'c']);
  });

  it('leaves the order as it was when dropped on itself or next to itself', () => {
    expect(dropTarget(2, 2, 'before')).toBe(2);
    expect(dropTarget(2, 2, 'after')).toBe(2);
    expect(dropTarget(2, 1, 'after')).toBe(2);
    expect(dropTarget(2, 3, 'before')).toBe(2);
  });
});
