import { Lexer } from './lexer.ts';
import type { PdfSource } from './source.ts';
import { isDict, PdfError, type PdfDict } from './values.ts';
import type { XrefEntry } from './xref-entry.ts';
import { maxObjectNumber } from './xref-stream.ts';

const chunk = 64 * 1024;
const maxTableBytes = 64 * 1024 * 1024;

/**
 * Reads a classic cross-reference table (ISO 32000-1 §7.5.4) at `offset` into `remember` and
 * answers its trailer; a subsection or entry that is not made of numbers is a PdfError.
 */
export async function readXrefTable(
  source: PdfSource,
  offset: number,
  remember: (num: number, entry: XrefEntry) => void,
): Promise<PdfDict> {
  let buffer = await source.read(offset, chunk);
  for (;;) {
    const text = buffer.toString('latin1');
    const at = text.indexOf('trailer');
    if (at !== -1 && text.indexOf('>>', at) !== -1) {
      const lexer = new Lexer(buffer, 4);
      for (;;) {
        const word = lexer.token();
        if (word === 'trailer') break;
        const countWord = lexer.token();
        // A token that is not a number (or '' at a delimiter, which does not advance) ends here.
        if (!/^\d+$/.test(word) || !/^\d+$/.test(countWord))
          throw new PdfError('broken cross-reference table');
        const first = Number(word);
        const count = Number(countWord);
        if (first + count > maxObjectNumber) throw new PdfError('broken cross-reference table');
        for (let index = 0; index < count; index += 1) {
          const [offsetWord, genWord, kind] = [lexer.token(), lexer.token(), lexer.token()];
          if (!/^\d{1,10}$/.test(offsetWord) || !/^\d{1,5}$/.test(genWord))
            throw new PdfError('broken cross-reference entry');
          const entryOffset = Number(offsetWord);
          const gen = Number(genWord);
          if (kind === 'n') remember(first + index, { type: 'offset', offset: entryOffset, gen });
          else if (kind === 'f') remember(first + index, { type: 'offset', offset: -1, gen });
          else throw new PdfError('broken cross-reference entry');
        }
      }
      const trailer = lexer.value();
      if (!isDict(trailer)) throw new PdfError('the trailer is not a dictionary');
      return trailer;
    }
    if (buffer.length >= maxTableBytes || offset + buffer.length >= source.size)
      throw new PdfError('cross-reference table without trailer');
    buffer = await source.read(offset, buffer.length * 4);
  }
}
