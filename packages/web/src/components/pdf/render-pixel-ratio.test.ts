import { describe, expect, it } from 'vitest';
import { renderPixelRatio } from './render-pixel-ratio.ts';

describe('the canvas pixel ratio', () => {
  it('follows the screen density for ordinary pages', () => {
    expect(renderPixelRatio(800, 1131, 2)).toBe(2);
  });

  it('drops for a page so zoomed that its canvas would be too large', () => {
    const ratio = renderPixelRatio(2380, 3368, 3);
    expect(ratio).toBeLessThan(3);
    expect(2380 * 3368 * ratio * ratio).toBeLessThanOrEqual(16_000_001);
  });
});
