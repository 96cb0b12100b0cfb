import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  fitWidthScale,
  zoomInFrom,
  zoomLimits,
  zoomOutFrom,
} from './zoom.ts';

describe('fitting a page to the width', () => {
  it('scales an A4 page (595 pt) to a 343 px phone column', () => {
    expect(fitWidthScale(343, 595)).toBeCloseTo(0.576, 3);
  });

  it('stays within the zoom range and copes with a viewer not measured yet', () => {
    expect(fitWidthScale(10_000, 100)).toBe(zoomLimits.max);
    expect(fitWidthScale(0, 595)).toBe(1);
  });
});

describe('zooming', () => {
  it('goes up and down in steps of a quarter', () => {
    expect(zoomInFrom(1)).toBe(1.25);
    expect(zoomOutFrom(1.25)).toBe(1);
  });

  it('stops at the limits and says so', () => {
    expect(zoomInFrom(3.9)).toBe(zoomLimits.max);
    expect(zoomOutFrom(0.3)).toBe(zoomLimits.min);
    expect(canZoomIn(zoomLimits.max)).toBe(false);
    expect(canZoomOut(zoomLimits.min)).toBe(false);
    expect(canZoomIn(1) && canZoomOut(1)).toBe(true);
  });
});
