/** The viewer's zoom range and step. */
export const zoomLimits = { min: 0.25, max: 4, step: 1.25 } as const;

/** Either follow the viewer's width or keep a scale the signer chose. */
export type Zoom = { kind: 'fitWidth' } | { kind: 'scale'; scale: number };

function clampScale(scale: number): number {
  return Math.min(zoomLimits.max, Math.max(zoomLimits.min, scale));
}

/** The scale that makes a page exactly as wide as the space it has. */
export function fitWidthScale(availableWidth: number, pageWidth: number): number {
  if (availableWidth <= 0 || pageWidth <= 0) return 1;
  return clampScale(availableWidth / pageWidth);
}

/** One step larger, capped at the maximum; steps land on round percents. */
export function zoomInFrom(scale: number): number {
  return clampScale(Math.round(scale * zoomLimits.step * 100) / 100);
}

/** One step smaller, capped at the minimum. */
export function zoomOutFrom(scale: number): number {
  return clampScale(Math.round((scale / zoomLimits.step) * 100) / 100);
}

export function canZoomIn(scale: number): boolean {
  return scale < zoomLimits.max;
}

export function canZoomOut(scale: number): boolean {
  return scale > zoomLimits.min;
}
