import { ContentBuilder, type Rgb } from './drawing.ts';
import type { FontSubsets } from './font-subset.ts';
import type { ColorModel } from './output-intent.ts';
import { fitToWidth } from './text-fit.ts';
import { numberOf, PdfName, type PdfDict, type PdfValue } from './values.ts';

const padding = 6;
const leading = 1.25;
const background: Rgb = [0.94, 0.96, 1];
const frame: Rgb = [0.16, 0.32, 0.6];
const ink: Rgb = [0.05, 0.1, 0.2];

/** A time as the appearance shows it: 'YYYY-MM-DD HH:mm UTC'. */
export function formatUtcMinute(time: Date): string {
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The width and height of a widget's /Rect, or null when it has no area. */
export function rectangleSize(
  rect: PdfValue | undefined,
): { width: number; height: number } | null {
  if (!Array.isArray(rect) || rect.length !== 4) return null;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect.map((value) => numberOf(value) ?? 0);
  const size = { width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  return size.width >= 1 && size.height >= 1 ? size : null;
}

/**
 * The normal appearance of a signed widget: a Form XObject the size of its rectangle with
 * a frame and the lines, the first larger, all shrunk to fit the height and cut to the width,
 * in the fonts of `fonts.subsets`; `fonts.resources` names the /Font dictionary (a reference
 * to it, written once every appearance is drawn) that those fonts are written to; colours
 * are written in `colorModel`.
 */
export function signatureAppearance(
  size: { width: number; height: number },
  lines: string[],
  fonts: { subsets: FontSubsets; resources: PdfValue },
  colorModel: ColorModel = 'rgb',
): { dict: PdfDict; data: Buffer } {
  const { width, height } = size;
  const content = new ContentBuilder(fonts.subsets, colorModel).rectangle(
    0.5,
    0.5,
    width - 1,
    height - 1,
    {
      fill: background,
      stroke: frame,
      lineWidth: 1,
    },
  );
  const sizes = lines.map((_, index) => (index === 0 ? 11 : 8));
  const needed = sizes.reduce((sum, lineSize) => sum + lineSize * leading, 0);
  const scale = Math.min(1, (height - 2 * padding) / Math.max(needed, 1));
  let baseline = height - padding;
  for (const [index, line] of lines.entries()) {
    const lineSize = (sizes[index] ?? 8) * scale;
    baseline -= lineSize * (index === 0 ? 1 : leading);
    const fitted = fitToWidth(line, lineSize, width - 2 * padding);
    content.text(padding, baseline, lineSize, fitted, { fill: ink });
  }
  const dict: PdfDict = new Map<string, PdfValue>([
    ['Type', new PdfName('XObject')],
    ['Subtype', new PdfName('Form')],
    ['BBox', [0, 0, width, height]],
    ['Resources', new Map([['Font', fonts.resources]])],
  ]);
  return { dict, data: content.toBuffer() };
}
