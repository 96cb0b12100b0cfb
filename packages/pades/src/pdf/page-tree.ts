import type { PdfDocument } from './document.ts';
import {
  isDict,
  isRef,
  numberOf,
  PdfError,
  type PdfDict,
  type PdfRef,
  type PdfValue,
} from './values.ts';

/** The root of the page tree with its kids and page count; a broken root is an error. */
export async function readPageTreeRoot(
  document: PdfDocument,
  catalog: PdfDict,
): Promise<{ ref: PdfRef; dict: PdfDict; kids: PdfValue[]; count: number }> {
  const ref = catalog.get('Pages');
  const dict = isRef(ref) ? await document.getObject(ref) : null;
  if (!isRef(ref) || !isDict(dict)) throw new PdfError('broken page tree');
  const kids = await document.resolve(dict.get('Kids'));
  const count = numberOf(await document.resolve(dict.get('Count')));
  if (!Array.isArray(kids) || count === undefined) throw new PdfError('broken page tree');
  return { ref, dict, kids, count };
}

/** The first page's MediaBox, inherited down the tree as the standard says; null when unreadable. */
export async function firstPageMediaBox(
  document: PdfDocument,
  root: PdfDict,
): Promise<readonly [number, number, number, number] | null> {
  let node = root;
  let box = root.get('MediaBox');
  for (let depth = 0; depth < 64; depth += 1) {
    const kids = await document.resolve(node.get('Kids'));
    const kid = Array.isArray(kids) ? await document.resolve(kids[0]) : null;
    if (!isDict(kid)) break;
    node = kid;
    box = node.get('MediaBox') ?? box;
  }
  const resolved = await document.resolve(box);
  const [left, bottom, right, top] = Array.isArray(resolved) ? resolved.map(numberOf) : [];
  if (left === undefined || bottom === undefined || right === undefined || top === undefined)
    return null;
  return [left, bottom, right, top];
}
