import { describe, expect, it } from 'vitest';
import { element } from './structure-elements.ts';
import type { StructureTarget } from './structure-tree.ts';
import { structureUpdate } from './structure-update.ts';
import { PdfName, PdfRef, type PdfDict, type PdfValue } from './values.ts';

const ref = (num: number) => new PdfRef(num, 0);
const dictOf = (entries: Array<[string, PdfValue]>): PdfDict => new Map(entries);

/** A tagged document's tree: a Document element (object 2) under the root (object 1). */
function target(parentTree: StructureTarget['parentTree'], nextKey = 3): StructureTarget {
  return {
    root: { ref: ref(1), dict: dictOf([['Type', new PdfName('StructTreeRoot')]]) },
    rootKids: [ref(2)],
    parent: { ref: ref(2), dict: dictOf([['S', new PdfName('Document')]]), kids: [ref(7)] },
    parentTree,
    nextKey,
  };
}

function run(tree: StructureTarget) {
  let next = 100;
  const pages = [ref(50), ref(51)];
  const fields = [[], [ref(60)]];
  const elements = [
    element('Sect', [
      element('H1', [{ page: 0, mcid: 0 }]),
      // A paragraph that runs on from the first page to the second.
      element('P', [
        { page: 0, mcid: 1 },
        { page: 1, mcid: 0 },
      ]),
      element('Form', [{ page: 1, field: 0 }], { alt: 'Sinetti' }),
    ]),
  ];
  const update = structureUpdate(tree, { elements, pages, fields }, () => ref(next++));
  const objects = new Map(update.objects.map((object) => [object.ref.num, object.value]));
  const get = (value: PdfValue | undefined) => {
    const found = value instanceof PdfRef ? objects.get(value.num) : undefined;
    if (!(found instanceof Map)) throw new Error(`no dictionary for ${String(value)}`);
    return found;
  };
  return { update, objects, get };
}

describe('structureUpdate', () => {
  it('adds the elements under the Document element, each page and widget led back to them', () => {
    const { update, get } = run(
      target({ ref: ref(3), dict: new Map(), kids: null, nums: [0, [ref(7)], 2, ref(7)] }),
    );
    expect(update.pageKeys).toEqual([3, 4]);
    expect(update.fieldKeys).toEqual([[], [5]]);
    const documentKids = get(ref(2)).get('K');
    expect(Array.isArray(documentKids) && documentKids.slice(0, 1)).toEqual([ref(7)]);
    const section = get(Array.isArray(documentKids) ? documentKids[1] : undefined);
    expect(section.get('P')).toEqual(ref(2));
    const [heading, paragraph, form] = section.get('K') as PdfRef[];
    expect(get(heading).get('K')).toEqual([0]);
    expect(get(heading).get('Pg')).toEqual(ref(50));
    // The second page's part is a marked-content reference naming its page.
    const parts = get(paragraph).get('K') as PdfValue[];
    expect(parts[0]).toBe(1);
    expect(parts[1]).toEqual(
      dictOf([
        ['Type', new PdfName('MCR')],
        ['Pg', ref(51)],
        ['MCID', 0],
      ]),
    );
    const objr = (get(form).get('K') as PdfDict[])[0];
    expect(objr?.get('Obj')).toEqual(ref(60));

    const tree = get(ref(3));
    expect(tree.get('Nums')).toEqual([
      0,
      [ref(7)],
      2,
      ref(7),
      3,
      [heading, paragraph],
      4,
      [paragraph],
      5,
      form,
    ]);
    expect(get(ref(1)).get('ParentTreeNextKey')).toBe(6);
  });

  it('adds a leaf with its limits to a parent tree that has kids', () => {
    const { get } = run(
      target({ ref: ref(3), dict: new Map(), kids: [ref(4), ref(5)], nums: [] }, 40),
    );
    const kids = get(ref(3)).get('Kids') as PdfRef[];
    expect(kids.slice(0, 2)).toEqual([ref(4), ref(5)]);
    const leaf = get(kids[2]);
    expect(leaf.get('Limits')).toEqual([40, 42]);
    expect((leaf.get('Nums') as PdfValue[]).filter((_, index) => index % 2 === 0)).toEqual([
      40, 41, 42,
    ]);
  });

  it('starts a parent tree when the document has none', () => {
    const { get } = run(target(null, 0));
    const root = get(ref(1));
    const tree = get(root.get('ParentTree'));
    expect((tree.get('Nums') as PdfValue[]).filter((_, index) => index % 2 === 0)).toEqual([
      0, 1, 2,
    ]);
    expect(root.get('ParentTreeNextKey')).toBe(3);
  });
});
