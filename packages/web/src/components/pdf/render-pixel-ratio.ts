// Browsers refuse (or silently blank) canvases much above this many pixels, phones first.
const maxCanvasPixels = 16_000_000;

/**
 * How many canvas pixels per CSS pixel to render: the screen's density for sharp text, but
 * lower when a zoomed page would otherwise need a canvas too large for the browser.
 */
export function renderPixelRatio(cssWidth: number, cssHeight: number, deviceRatio: number): number {
  const area = cssWidth * cssHeight;
  if (area <= 0) return 1;
  return Math.max(0.5, Math.min(deviceRatio, Math.sqrt(maxCanvasPixels / area)));
}
