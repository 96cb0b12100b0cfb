import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { create, type Subset } from 'fontkit';
import { fontProgram, placeText, type FontFace } from './font-program.ts';
import type { NewObject } from './incremental-update.ts';
import { textString } from './serializer.ts';
import { toUnicodeCMap } from './to-unicode.ts';
import { PdfError, PdfName, type PdfDict, type PdfRef, type PdfValue } from './values.ts';

interface FaceSubset {
  subset: Subset;
  /** The text each CID stands for, for the ToUnicode CMap. */
  unicode: Map<number, string>;
  /** Advance widths by CID, in thousandths of the font size. */
  widths: number[];
}

const resourceNames: Record<FontFace, string> = { regular: 'F1', bold: 'F2' };
const identity = (ordering: string): PdfDict =>
  new Map<string, PdfValue>([
    ['Registry', textString('Adobe')],
    ['Ordering', textString(ordering)],
    ['Supplement', 0],
  ]);
const stream = (data: Buffer, extra: Array<[string, PdfValue]> = []) => ({
  dict: new Map<string, PdfValue>([['Filter', new PdfName('FlateDecode')], ...extra]),
  data: deflateSync(data),
});

/**
 * The glyphs a set of content streams uses, per face, written out as embedded subsets
 * (ISO 32000-1 §9.7: Type0 fonts over CIDFontType2 with Identity-H, widths and a ToUnicode
 * CMap), so that any Unicode text the fonts cover prints, copies and searches as written.
 */
export class FontSubsets {
  private readonly faces = new Map<FontFace, FaceSubset>();

  /** The name a content stream uses for the face (/F1, /F2). */
  resourceName(face: FontFace): string {
    return resourceNames[face];
  }

  /** The text as a hex string of two-byte CIDs for `Tj`, its glyphs added to the face's subset. */
  encode(face: FontFace, text: string): string {
    let subset = this.faces.get(face);
    if (!subset) {
      const font = fontProgram(face);
      // CID 0 is the subset's .notdef, which no text shows.
      const notdef = Math.round((font.getGlyph(0).advanceWidth * 1000) / font.unitsPerEm);
      subset = { subset: font.createSubset(), unicode: new Map(), widths: [notdef] };
      this.faces.set(face, subset);
    }
    const scale = 1000 / fontProgram(face).unitsPerEm;
    let hex = '';
    for (const { text: char, glyph } of placeText(face, text)) {
      const cid: unknown = subset.subset.includeGlyph(glyph);
      if (typeof cid !== 'number') throw new PdfError('the font subset gave no glyph number');
      if (!subset.unicode.has(cid)) subset.unicode.set(cid, char);
      subset.widths[cid] = Math.round(glyph.advanceWidth * scale);
      hex += cid.toString(16).padStart(4, '0');
    }
    return hex;
  }

  /** The font objects of every face used so far and the /Font resource dictionary naming them. */
  write(allocate: () => PdfRef): { resources: PdfDict; objects: NewObject[] } {
    const resources: PdfDict = new Map();
    const objects: NewObject[] = [];
    for (const [face, used] of this.faces) {
      const written = writeFace(face, used, allocate);
      resources.set(resourceNames[face], written.font);
      objects.push(...written.objects);
    }
    return { resources, objects };
  }
}

/** A subset's tag (ISO 32000-1 §9.6.4): six capitals drawn from the glyphs it holds. */
function subsetTag(face: FontFace, widths: number[], unicode: Map<number, string>): string {
  const digest = createHash('sha256')
    .update(`${face}\n${[...unicode].join('\n')}\n${widths.join(',')}`)
    .digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

function writeFace(face: FontFace, used: FaceSubset, allocate: () => PdfRef) {
  const font = fontProgram(face);
  const program = Buffer.from(used.subset.encode());
  // fontkit tags the subset with Apple's 'true'; 1.0 is the TrueType version every reader knows.
  if (program.toString('latin1', 0, 4) === 'true') program.writeUInt32BE(0x00010000, 0);
  // Composite glyphs bring their parts into the subset: CIDSet names every glyph in it.
  const glyphCount = create(program);
  if (!('numGlyphs' in glyphCount)) throw new PdfError('the font subset is not one font');
  // Its CIDs are 0 to numGlyphs - 1: a bit each, the first the highest of the first byte.
  const cidSet = Buffer.alloc(Math.ceil(glyphCount.numGlyphs / 8), 0xff);
  const spare = cidSet.length * 8 - glyphCount.numGlyphs;
  cidSet[cidSet.length - 1] = (0xff << spare) & 0xff;

  const name = new PdfName(`${subsetTag(face, used.widths, used.unicode)}+${font.postscriptName}`);
  const scale = 1000 / font.unitsPerEm;
  const [type0, cidFont, descriptor, file, toUnicode, set] = Array.from({ length: 6 }, allocate);
  if (!type0 || !cidFont || !descriptor || !file || !toUnicode || !set)
    throw new PdfError('no object numbers for a font');
  const { minX, minY, maxX, maxY } = font.bbox;
  const weight = font['OS/2'].usWeightClass;
  const objects: NewObject[] = [
    {
      ref: type0,
      value: new Map<string, PdfValue>([
        ['Type', new PdfName('Font')],
        ['Subtype', new PdfName('Type0')],
        ['BaseFont', name],
        ['Encoding', new PdfName('Identity-H')],
        ['DescendantFonts', [cidFont]],
        ['ToUnicode', toUnicode],
      ]),
    },
    {
      ref: cidFont,
      value: new Map<string, PdfValue>([
        ['Type', new PdfName('Font')],
        ['Subtype', new PdfName('CIDFontType2')],
        ['BaseFont', name],
        ['CIDSystemInfo', identity('Identity')],
        ['FontDescriptor', descriptor],
        ['DW', 1000],
        ['W', [0, Array.from(used.widths, (width) => width ?? 0)]],
        ['CIDToGIDMap', new PdfName('Identity')],
      ]),
    },
    {
      ref: descriptor,
      value: new Map<string, PdfValue>([
        ['Type', new PdfName('FontDescriptor')],
        ['FontName', name],
        ['Flags', 4],
        ['FontBBox', [minX, minY, maxX, maxY].map((value) => Math.round(value * scale))],
        ['ItalicAngle', font.italicAngle],
        ['Ascent', Math.round(font.ascent * scale)],
        ['Descent', Math.round(font.descent * scale)],
        ['CapHeight', Math.round(font.capHeight * scale)],
        // The usual estimate of the dominant stem's width from the weight class.
        ['StemV', Math.round(50 + (weight / 65) ** 2)],
        ['FontFile2', file],
        ['CIDSet', set],
      ]),
    },
    { ref: file, value: stream(program, [['Length1', program.length]]) },
    { ref: toUnicode, value: stream(toUnicodeCMap(used.unicode)) },
    { ref: set, value: stream(cidSet) },
  ];
  return { font: type0, objects };
}
