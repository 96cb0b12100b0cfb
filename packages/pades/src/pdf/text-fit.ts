import { textWidth, type FontFace } from './font-program.ts';

/** Text cut to fit a width, ending in an ellipsis when something was cut. */
export function fitToWidth(
  text: string,
  size: number,
  width: number,
  face: FontFace = 'regular',
): string {
  if (textWidth(face, text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(face, `${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Text broken into lines no wider than `width`, at most `maxLines`, the last one cut to fit. */
export function wrapToWidth(
  text: string,
  size: number,
  width: number,
  maxLines: number,
  face: FontFace = 'regular',
): string[] {
  const lines: string[] = [];
  const words = text.trim().split(/\s+/).filter(Boolean);
  let current = '';
  for (const [index, word] of words.entries()) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || textWidth(face, candidate, size) <= width) {
      current = candidate;
    } else if (lines.length >= maxLines - 1) {
      current = `${current} ${words.slice(index).join(' ')}`;
      break;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines.map((line) => fitToWidth(line, size, width, face));
}

/** The largest font size from `largest` down to `smallest` at which text fits the width. */
export function sizeToFit(
  text: string,
  width: number,
  sizes: { largest: number; smallest: number },
  face: FontFace = 'regular',
): number {
  const needed = textWidth(face, text, sizes.largest);
  if (needed <= width) return sizes.largest;
  return Math.max(sizes.smallest, Math.floor(((sizes.largest * width) / needed) * 10) / 10);
}
