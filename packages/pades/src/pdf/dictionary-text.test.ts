import { describe, expect, it } from 'vitest';
import { appendToArrayText, DictionaryText } from './dictionary-text.ts';
import { PdfError, PdfName, PdfRef } from './values.ts';

const text = (source: string) => DictionaryText.parse(Buffer.from(source, 'latin1'));
const written = (dictionary: DictionaryText) => dictionary.toBuffer().toString('latin1');

// As LibreOffice writes a page: no spaces between tokens, reals of 15 digits, a string name.
const libreOfficePage =
  '<</Type/Page/Parent 6 0 R/Resources 18 0 R/MediaBox[0 0 595.303937007874 841.889763779528]/Tabs(S)/Contents 2 0 R>>';

describe('a dictionary rewritten key by key', () => {
  it('keeps every byte of a LibreOffice page and adds /Annots before its end', () => {
    const page = text(libreOfficePage).append('Annots', [new PdfRef(24, 0)]);
    expect(written(page)).toBe(`${libreOfficePage.slice(0, -2)} /Annots [24 0 R]>>`);
  });

  it('adds to an /Annots array where it is written, keeping its spacing and items', () => {
    const source = '<</Type /Page\r\n/Annots [ 5 0 R\n7 0 R ] /Rotate 90.0>>';
    const page = text(source).append('Annots', [new PdfRef(9, 0)]);
    page.append('Annots', [new PdfRef(10, 0)]);
    expect(written(page)).toBe(
      '<</Type /Page\r\n/Annots [ 5 0 R\n7 0 R  9 0 R 10 0 R] /Rotate 90.0>>',
    );
  });

  it('replaces only the value of a key set, with a space where key and value touched', () => {
    const source = '<</Fields[1 0 R]/SigFlags/Oops/DA(/Helv 0 Tf 0 g)>>';
    expect(written(text(source).set('SigFlags', 3))).toBe(
      '<</Fields[1 0 R]/SigFlags 3/DA(/Helv 0 Tf 0 g)>>',
    );
    expect(written(text('<</Count 12 /Kids[3 0 R]>>').set('Count', 13))).toBe(
      '<</Count 13 /Kids[3 0 R]>>',
    );
  });

  it('edits a dictionary written inside another in place', () => {
    const source = '<</Type/Catalog/AcroForm<</Fields[ 4 0 R ]/DA(/Helv 0 Tf)>>/Lang(fi-FI)>>';
    const catalog = text(source);
    catalog
      .nested('AcroForm')
      .append('Fields', [new PdfRef(8, 0)])
      .set('SigFlags', 3);
    expect(catalog.changed).toBe(true);
    expect(written(catalog)).toBe(
      '<</Type/Catalog/AcroForm<</Fields[ 4 0 R  8 0 R]/DA(/Helv 0 Tf) /SigFlags 3>>/Lang(fi-FI)>>',
    );
  });

  it('gives back the text unchanged, comments and all, when nothing is edited', () => {
    const source = '  <</A 1.50 % a note\n/B <00FF> /C /N#20a>>';
    const dictionary = text(source);
    expect(dictionary.changed).toBe(false);
    expect(written(dictionary)).toBe(source.trimStart());
    expect(dictionary.value.get('C')).toEqual(new PdfName('N a'));
  });

  it('takes the last of a key written twice, as a reader does', () => {
    expect(written(text('<</Annots[1 0 R]/Annots[2 0 R]>>').append('Annots', [3]))).toBe(
      '<</Annots[1 0 R]/Annots[2 0 R 3]>>',
    );
  });

  it('refuses to append to a key that holds no array written in place', () => {
    expect(() => text('<</Annots 5 0 R>>').append('Annots', [1])).toThrow(PdfError);
    expect(() => text('<</AcroForm 5 0 R>>').nested('AcroForm')).toThrow(PdfError);
    expect(() => text('[1 2]')).toThrow(PdfError);
  });
});

describe('an array object rewritten', () => {
  it('gains items before its closing bracket and keeps the rest', () => {
    expect(appendToArrayText(Buffer.from('\n[4 0 R 0.50]\n'), [new PdfRef(9, 0)]).toString()).toBe(
      '[4 0 R 0.50 9 0 R]',
    );
  });
});
