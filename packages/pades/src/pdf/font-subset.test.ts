import { inflateSync } from 'node:zlib';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FontSubsets } from './font-subset.ts';
import { textWidth } from './font-program.ts';
import type { NewObject } from './incremental-update.ts';
import { PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

function written(subsets: FontSubsets) {
  let next = 1;
  const { resources, objects } = subsets.write(() => new PdfRef(next++, 0));
  const byNumber = new Map(objects.map((object) => [object.ref.num, object.value]));
  const dict = (value: PdfValue | undefined): PdfDict => {
    const object = value instanceof PdfRef ? byNumber.get(value.num) : value;
    if (object instanceof Map) return object;
    if (object && typeof object === 'object' && 'dict' in object) return object.dict;
    throw new Error('not a dictionary');
  };
  const data = (value: PdfValue | undefined) => {
    const object: NewObject['value'] | undefined =
      value instanceof PdfRef ? byNumber.get(value.num) : undefined;
    if (!object || typeof object !== 'object' || !('data' in object)) throw new Error('no stream');
    return inflateSync(object.data);
  };
  return { resources, objects, dict, data };
}

const cids = (hex: string) => (hex.match(/.{4}/g) ?? []).map((cid) => parseInt(cid, 16));

describe('FontSubsets', () => {
  it('gives each distinct character a CID and maps every CID back to its text', () => {
    const subsets = new FontSubsets();
    const hex = subsets.encode('regular', 'Ŋuvttaš Ξένια Ŋ');
    const codes = cids(hex);
    expect(codes).toHaveLength([...'Ŋuvttaš Ξένια Ŋ'].length);
    expect(codes[0]).toBe(codes.at(-1));
    expect(codes).not.toContain(0);
    const { resources, dict, data } = written(subsets);
    const font = dict(resources.get('F1'));
    expect(font.get('Encoding')).toEqual(new PdfName('Identity-H'));
    const cmap = data(font.get('ToUnicode')).toString('latin1');
    const pairs = new Map(
      [...cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]+)>/g)].map(([, cid = '', text = '']) => [
        parseInt(cid, 16),
        Buffer.from(text, 'hex').swap16().toString('utf16le'),
      ]),
    );
    expect(codes.map((code) => pairs.get(code)).join('')).toBe('Ŋuvttaš Ξένια Ŋ');
  });

  it('embeds a TrueType subset whose glyphs have the widths the CIDFont states', () => {
    const subsets = new FontSubsets();
    const codes = cids(subsets.encode('bold', 'Дмитрий Łukasz'));
    const { resources, dict, data } = written(subsets);
    const descendants = dict(resources.get('F2')).get('DescendantFonts');
    const cidFont = dict(Array.isArray(descendants) ? descendants[0] : undefined);
    expect(cidFont.get('Subtype')).toEqual(new PdfName('CIDFontType2'));
    expect(cidFont.get('CIDToGIDMap')).toEqual(new PdfName('Identity'));
    const descriptor = dict(cidFont.get('FontDescriptor'));
    const program = create(data(descriptor.get('FontFile2')));
    if (!('numGlyphs' in program)) throw new Error('a collection');
    expect(program.numGlyphs).toBeLessThan(30);
    const [, widths] = cidFont.get('W') as [number, number[]];
    for (const code of codes)
      expect(widths[code]).toBe(
        Math.round((program.getGlyph(code).advanceWidth * 1000) / program.unitsPerEm),
      );
    const cidSet = data(descriptor.get('CIDSet'));
    expect(cidSet.length).toBe(Math.ceil(program.numGlyphs / 8));
    const name = descriptor.get('FontName');
    expect(name instanceof PdfName ? name.name : name).toMatch(/^[A-Z]{6}\+NotoSans-Bold$/);
  });

  it('shows a character the font lacks as a question mark, never as the empty glyph', () => {
    const subsets = new FontSubsets();
    const [han, question] = cids(subsets.encode('regular', '漢?'));
    expect(han).toBe(question);
    expect(han).not.toBe(0);
    expect(textWidth('regular', '漢', 10)).toBe(textWidth('regular', '?', 10));
  });

  it('writes nothing for a face no text used', () => {
    const subsets = new FontSubsets();
    subsets.encode('regular', 'a');
    const { resources } = written(subsets);
    expect([...resources.keys()]).toEqual(['F1']);
  });
});
