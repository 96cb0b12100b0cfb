import type { PdfDocument } from './document.ts';
import { isDict, isRef, nameOf, numberOf, PdfError, type PdfDict, type PdfRef } from './values.ts';
import type { PdfValue } from './values.ts';

/** Where a tagged document's structure tree takes new elements (ISO 32000-1 §14.7). */
export interface StructureTarget {
  /** The StructTreeRoot; `ref` is null when the catalog holds it directly. */
  root: { ref: PdfRef | null; dict: PdfDict };
  /** The root's kids (/K), resolved. */
  rootKids: PdfValue[];
  /** The Document element the new elements join, with its kids; null to join the root. */
  parent: { ref: PdfRef; dict: PdfDict; kids: PdfValue[] } | null;
  /**
   * The ParentTree's root node with its /Kids or /Nums resolved; null when the document has
   * none yet. `ref` is null when the StructTreeRoot holds it directly.
   */
  parentTree: {
    ref: PdfRef | null;
    dict: PdfDict;
    kids: PdfValue[] | null;
    nums: PdfValue[];
  } | null;
  /** The first free ParentTree key (past /ParentTreeNextKey and every key in the tree). */
  nextKey: number;
}

const maxNodes = 100_000;

/** A value that may be one item or an array of them, as an array. */
export const asArray = (value: PdfValue | undefined): PdfValue[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

/** The largest key in a number tree (ISO 32000-1 §7.9.7), or -1 when it holds none. */
async function largestKey(document: PdfDocument, root: PdfDict): Promise<number> {
  let largest = -1;
  const queue: PdfValue[] = [root];
  for (let seen = 0; queue.length > 0; seen += 1) {
    if (seen > maxNodes) throw new PdfError('the structure parent tree is too large');
    const node = await document.resolve(queue.pop());
    if (!isDict(node)) continue;
    const nums = await document.resolve(node.get('Nums'));
    if (Array.isArray(nums))
      for (let index = 0; index < nums.length; index += 2)
        largest = Math.max(largest, numberOf(nums[index]) ?? -1);
    const kids = await document.resolve(node.get('Kids'));
    if (Array.isArray(kids)) queue.push(...kids);
  }
  return largest;
}

/** The standard type an element's /S stands for, through the tree's /RoleMap. */
async function standardType(
  document: PdfDocument,
  root: PdfDict,
  element: PdfDict,
): Promise<string | undefined> {
  const roleMap = await document.resolve(root.get('RoleMap'));
  let type = nameOf(element.get('S'));
  for (let step = 0; step < 8 && type !== undefined && isDict(roleMap); step += 1) {
    const mapped = nameOf(await document.resolve(roleMap.get(type)));
    if (mapped === undefined || mapped === type) break;
    type = mapped;
  }
  return type;
}

/**
 * The structure tree new pages are added to, or null when the document is not tagged (has no
 * StructTreeRoot). New elements go into its last top-level Document element, if it has one.
 */
export async function readStructureTarget(
  document: PdfDocument,
  catalog: PdfDict,
): Promise<StructureTarget | null> {
  const rootValue = catalog.get('StructTreeRoot');
  const rootDict = await document.resolve(rootValue);
  if (!isDict(rootDict)) return null;
  const root = { ref: isRef(rootValue) ? rootValue : null, dict: rootDict };

  const rootKids = asArray(await document.resolve(rootDict.get('K')));
  let parent: StructureTarget['parent'] = null;
  for (const kid of [...rootKids].reverse()) {
    const dict = await document.resolve(kid);
    if (
      isRef(kid) &&
      isDict(dict) &&
      (await standardType(document, rootDict, dict)) === 'Document'
    ) {
      parent = { ref: kid, dict, kids: asArray(await document.resolve(dict.get('K'))) };
      break;
    }
  }

  const treeValue = rootDict.get('ParentTree');
  const treeDict = await document.resolve(treeValue);
  let parentTree: StructureTarget['parentTree'] = null;
  if (isDict(treeDict)) {
    const kids = await document.resolve(treeDict.get('Kids'));
    const nums = await document.resolve(treeDict.get('Nums'));
    parentTree = {
      ref: isRef(treeValue) ? treeValue : null,
      dict: treeDict,
      kids: Array.isArray(kids) ? kids : null,
      nums: Array.isArray(nums) ? nums : [],
    };
  }
  const declared = numberOf(await document.resolve(rootDict.get('ParentTreeNextKey'))) ?? 0;
  const used = parentTree ? await largestKey(document, parentTree.dict) : -1;
  return { root, rootKids, parent, parentTree, nextKey: Math.max(declared, used + 1) };
}
