import { describe, expect, it } from 'vitest';
import { cleanFileName, nameForType } from './file-name.ts';

const text = { mime: 'text/plain', extension: 'txt' };
const jpeg = { mime: 'image/jpeg', extension: 'jpg' };
const pdf = { mime: 'application/pdf', extension: 'pdf' };

describe('cleanFileName', () => {
  it('strips a right-to-left override that makes x\u202efdp.js read as xsj.pdf', () => {
    expect(cleanFileName('x\u202efdp.js')).toBe('xfdp.js');
  });

  it('strips every other invisible character that can change how a name reads', () => {
    const invisible = [
      '\u0000',
      '\u0007',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009b', // C0, DEL, C1 controls
      '\u200e',
      '\u200f',
      '\u061c',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d', // marks, embeddings
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069', // isolates
      '\u200b',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u{e0041}', // zero-width, BOM, soft hyphen, tag
      '\u2028',
      '\u2029', // line and paragraph separators
    ];
    for (const character of invisible)
      expect(
        cleanFileName(`sopi${character}mus.pdf`),
        `U+${character.codePointAt(0)?.toString(16)}`,
      ).toBe('sopimus.pdf');
  });

  it('keeps the joiners that scripts and emoji need, and the last part of a path', () => {
    expect(cleanFileName('می\u200cخواهم.pdf')).toBe('می\u200cخواهم.pdf');
    expect(cleanFileName('perhe 👨\u200d👩\u200d👧.txt')).toBe('perhe 👨\u200d👩\u200d👧.txt');
    expect(cleanFileName('C:\\fakepath\\Kauppakirja – äöå.pdf')).toBe('Kauppakirja – äöå.pdf');
  });
});

describe('nameForType', () => {
  it.each([
    ['page.html', 'page.txt'],
    ['image.svg', 'image.txt'],
    ['script.js', 'script.txt'],
    ['muistio', 'muistio.txt'],
    ['muistio.TXT', 'muistio.TXT'],
    ['.bashrc', '.bashrc.txt'],
  ])('gives %s, detected as text, the name %s', (name, expected) => {
    expect(nameForType(name, text, 200)).toBe(expected);
  });

  it('keeps any spelling of the detected type, and replaces one of another type', () => {
    expect(nameForType('kuva.JPEG', jpeg, 200)).toBe('kuva.JPEG');
    expect(nameForType('kuva.jpg', jpeg, 200)).toBe('kuva.jpg');
    expect(nameForType('sopimus.docx', pdf, 200)).toBe('sopimus.pdf');
  });

  it('cuts the base name so that the new extension stays within the limit', () => {
    const renamed = nameForType(`${'n'.repeat(197)}.js`, text, 200);
    expect(renamed).toBe(`${'n'.repeat(196)}.txt`);
    expect(renamed).toHaveLength(200);
  });
});
