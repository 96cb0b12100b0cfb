import type { NewObject } from './incremental-update.ts';
import { textString } from './serializer.ts';
import { isContent, isElement, type StructureElement } from './structure-elements.ts';
import type { StructureTarget } from './structure-tree.ts';
import { PdfError, PdfName, type PdfDict, type PdfRef, type PdfValue } from './values.ts';

/** The appended pages' elements and the objects they point at. */
export interface StructureInput {
  /** Top-level elements, appended after the document's own. */
  elements: StructureElement[];
  pages: PdfRef[];
  /** Each page's field widgets, in the pages' field order. */
  fields: PdfRef[][];
}

/** The objects to write and the keys the new pages and widgets must carry. */
export interface StructureUpdate {
  objects: NewObject[];
  /** Each appended page's /StructParents. */
  pageKeys: number[];
  /** Each widget's /StructParent, where an element refers to it. */
  fieldKeys: Array<Array<number | undefined>>;
  /** The catalog's new /StructTreeRoot when the catalog held the root directly. */
  catalogRoot: PdfRef | null;
}

/**
 * The update that adds `input.elements` to the structure tree (ISO 32000-1 §14.7): the new
 * StructElems with their marked content and widget references, the ParentTree entries that
 * lead from each page's MCIDs and each widget back to them, and /ParentTreeNextKey.
 */
export function structureUpdate(
  target: StructureTarget,
  input: StructureInput,
  allocate: () => PdfRef,
): StructureUpdate {
  const objects: NewObject[] = [];
  let key = target.nextKey;
  const pageKeys = input.pages.map(() => key++);
  const fieldKeys: Array<Array<number | undefined>> = input.fields.map((refs) =>
    refs.map(() => undefined),
  );
  const mcidParents: PdfRef[][] = input.pages.map(() => []);
  const fieldParents: Array<[number, PdfRef]> = [];
  const pageRef = (page: number) => {
    const ref = input.pages[page];
    if (!ref) throw new PdfError(`no appended page ${page}`);
    return ref;
  };

  const write = (element: StructureElement, parent: PdfRef): PdfRef => {
    const ref = allocate();
    let page: number | undefined;
    const kids: PdfValue[] = [];
    for (const kid of element.kids) {
      if (isElement(kid)) {
        kids.push(write(kid, ref));
        continue;
      }
      page ??= kid.page;
      if (isContent(kid)) {
        const parents = mcidParents[kid.page];
        if (!parents) throw new PdfError(`no appended page ${kid.page}`);
        parents[kid.mcid] = ref;
        kids.push(
          kid.page === page
            ? kid.mcid
            : new Map<string, PdfValue>([
                ['Type', new PdfName('MCR')],
                ['Pg', pageRef(kid.page)],
                ['MCID', kid.mcid],
              ]),
        );
      } else {
        const widget = input.fields[kid.page]?.[kid.field];
        const keys = fieldKeys[kid.page];
        if (!widget || !keys)
          throw new PdfError(`no field ${kid.field} on appended page ${kid.page}`);
        keys[kid.field] = key;
        fieldParents.push([key++, ref]);
        kids.push(
          new Map<string, PdfValue>([
            ['Type', new PdfName('OBJR')],
            ['Pg', pageRef(kid.page)],
            ['Obj', widget],
          ]),
        );
      }
    }
    const dict = new Map<string, PdfValue>([
      ['Type', new PdfName('StructElem')],
      ['S', new PdfName(element.type)],
      ['P', parent],
    ]);
    if (page !== undefined) dict.set('Pg', pageRef(page));
    if (kids.length > 0) dict.set('K', kids);
    if (element.alt) dict.set('Alt', textString(element.alt));
    if (element.lang) dict.set('Lang', textString(element.lang));
    if (element.scope)
      dict.set(
        'A',
        new Map([
          ['O', new PdfName('Table')],
          ['Scope', new PdfName(element.scope)],
        ]),
      );
    objects.push({ ref, value: dict });
    return ref;
  };

  // A root the catalog holds directly becomes an object, so that elements can name it as /P.
  const root = new Map(target.root.dict);
  const rootRef = target.root.ref ?? allocate();
  if (target.parent) {
    const { ref, dict, kids } = target.parent;
    const added = input.elements.map((element) => write(element, ref));
    objects.push({ ref, value: new Map([...dict, ['K', [...kids, ...added]]]) });
  } else {
    const added = input.elements.map((element) => write(element, rootRef));
    root.set('K', [...target.rootKids, ...added]);
  }

  const nums: PdfValue[] = [
    ...pageKeys.flatMap((pageKey, page) => [
      pageKey,
      [...(mcidParents[page] ?? [])].map((ref) => ref ?? null),
    ]),
    ...fieldParents.flat(),
  ];
  writeParentTree(target, root, nums, { first: target.nextKey, last: key - 1 }, allocate, objects);
  root.set('ParentTreeNextKey', key);
  objects.push({ ref: rootRef, value: root });
  return { objects, pageKeys, fieldKeys, catalogRoot: target.root.ref ? null : rootRef };
}

/** Adds the new key-value pairs to the ParentTree: into a flat root, or as a new leaf. */
function writeParentTree(
  target: StructureTarget,
  root: PdfDict,
  nums: PdfValue[],
  limits: { first: number; last: number },
  allocate: () => PdfRef,
  objects: NewObject[],
): void {
  const tree = target.parentTree;
  let updated: PdfDict;
  if (!tree) {
    updated = new Map([['Nums', nums]]);
  } else if (tree.kids) {
    const leaf = allocate();
    objects.push({
      ref: leaf,
      value: new Map<string, PdfValue>([
        ['Limits', [limits.first, limits.last]],
        ['Nums', nums],
      ]),
    });
    updated = new Map([...tree.dict, ['Kids', [...tree.kids, leaf]]]);
  } else {
    updated = new Map([...tree.dict, ['Nums', [...tree.nums, ...nums]]]);
  }
  const ref = tree ? tree.ref : allocate();
  if (ref) {
    objects.push({ ref, value: updated });
    root.set('ParentTree', ref);
  } else {
    root.set('ParentTree', updated);
  }
}
