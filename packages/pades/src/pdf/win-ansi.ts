/** Text for the standard Helvetica font with /WinAnsiEncoding (ISO 32000-1 Annex D). */

// The code points of WinAnsi bytes 0x80-0x9F; '?' marks the five unused bytes.
const upperControls = '€?‚ƒ„…†‡ˆ‰Š‹Œ?Ž??‘’“”•–—˜™š›œ?žŸ';
const question = 0x3f;

const byteOf = new Map<string, number>();
for (let code = 0x20; code <= 0xff; code += 1) {
  if (code === 0x7f) continue;
  const char = code >= 0x80 && code < 0xa0 ? upperControls[code - 0x80] : String.fromCharCode(code);
  if (char !== undefined && (char !== '?' || code === question)) byteOf.set(char, code);
}

// Helvetica's advance widths (thousandths of the font size) for bytes 0x20-0xFF.
// prettier-ignore
const helveticaWidths = [
  278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,
  556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,
  667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,
  556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584,0,
  556,0,222,556,333,1000,556,556,333,1000,667,333,1000,0,611,0,0,222,222,333,333,350,556,1000,333,
  1000,500,333,944,0,500,500,278,333,556,556,556,556,260,556,333,737,370,556,584,333,737,333,400,
  584,333,333,333,556,537,278,333,333,365,556,834,834,834,611,667,667,667,667,667,667,1000,722,667,
  667,667,667,278,278,278,278,722,722,778,778,778,778,778,584,778,722,722,722,722,667,667,611,556,
  556,556,556,556,556,889,500,556,556,556,556,278,278,278,278,556,556,556,556,556,556,556,584,611,
  556,556,556,556,500,556,500,
];

/** Encodes text as WinAnsi bytes: every character WinAnsi lacks becomes '?', never an error. */
export function toWinAnsi(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC').replace(/\s/g, ' '))
    bytes.push(byteOf.get(char) ?? question);
  return Buffer.from(bytes);
}

/** The width of text set in Helvetica at a font size, in points. */
export function helveticaWidth(text: string, size: number): number {
  let total = 0;
  for (const byte of toWinAnsi(text)) total += helveticaWidths[byte - 0x20] ?? 556;
  return (total * size) / 1000;
}

/** Text cut to fit a width, ending in an ellipsis when something was cut. */
export function fitToWidth(text: string, size: number, width: number): string {
  if (helveticaWidth(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && helveticaWidth(`${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Text broken into lines no wider than `width`, at most `maxLines`, the last one cut to fit. */
export function wrapToWidth(text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  const words = text.trim().split(/\s+/).filter(Boolean);
  let current = '';
  for (const [index, word] of words.entries()) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || helveticaWidth(candidate, size) <= width) {
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
  return lines.map((line) => fitToWidth(line, size, width));
}
