import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type Glyph } from 'fontkit';
import { PdfError } from './values.ts';

/** The faces the appended pages and signature appearances are set in. */
export type FontFace = 'regular' | 'bold';

// Noto Sans (SIL Open Font License 1.1): Latin with all its European extensions, Greek and
// Cyrillic, from the Google Fonts build that @expo-google-fonts/noto-sans ships as TrueType.
const files: Record<FontFace, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

const loaded = new Map<FontFace, Font>();
const require = createRequire(import.meta.url);

/** The parsed font program of a face, read once per process. */
export function fontProgram(face: FontFace): Font {
  const cached = loaded.get(face);
  if (cached) return cached;
  const font = create(readFileSync(require.resolve(files[face])));
  if (!('unitsPerEm' in font)) throw new PdfError(`the ${face} font is a collection`);
  loaded.set(face, font);
  return font;
}

/** One character as it will be drawn: the text it stands for and its glyph. */
export interface PlacedChar {
  text: string;
  glyph: Glyph;
}

const replacement = '?';

/**
 * The characters of `text` with their glyphs: composed (NFC), white space as a space, and a
 * character the font lacks as '?', so no text ever shows the font's empty .notdef glyph.
 */
export function placeText(face: FontFace, text: string): PlacedChar[] {
  const font = fontProgram(face);
  const placed: PlacedChar[] = [];
  for (const char of text.normalize('NFC').replace(/\s/g, ' ')) {
    const codePoint = char.codePointAt(0) ?? 0;
    const known = codePoint >= 0x20 && font.hasGlyphForCodePoint(codePoint);
    const shown = known ? char : replacement;
    placed.push({ text: shown, glyph: font.glyphForCodePoint(shown.codePointAt(0) ?? 0) });
  }
  return placed;
}

/** The width of text set in a face at a font size, in points. */
export function textWidth(face: FontFace, text: string, size: number): number {
  const font = fontProgram(face);
  let total = 0;
  for (const { glyph } of placeText(face, text)) total += glyph.advanceWidth;
  return (total * size) / font.unitsPerEm;
}
