import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendInformationPage } from '../src/pdf/information-page.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import { signPdf } from '../src/sign.ts';
import { libreOfficePdf, pdfLibDocument, pdfsig, qpdfCheck, workDir } from './support/fixtures.ts';
import { isDict, QpdfObjects, type Dict, type Json } from './support/qpdf-objects.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

const signers = [
  { name: 'Áile Ŋuvttaš-Čoarvi', email: 'aile@example.no' },
  { name: 'Ξένια Παπαδοπούλου', email: 'xenia@example.gr' },
  { name: 'Дмитрий Шостакович' },
];

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki({ signers: signers.map((signer) => signer.name) });
});

const pdfinfo = (path: string, ...args: string[]) =>
  execFileSync('pdfinfo', [...args, path], { encoding: 'utf8' });

/** A structure element as qpdf reads it, with its kids' references resolved. */
interface Element {
  ref: string;
  type: string;
  dict: Dict;
  kids: Json[];
}

/** Reads the structure tree with qpdf: elements by reference, the number tree flattened. */
function structure(path: string) {
  const objects = new QpdfObjects(path);
  const catalog = objects.catalog() ?? {};
  const root = objects.dict(catalog['/StructTreeRoot']) ?? {};
  const asList = (value: Json | undefined): Json[] => {
    const resolved = objects.value(value) ?? value;
    return Array.isArray(resolved) ? resolved : resolved === undefined ? [] : [resolved];
  };
  const element = (ref: Json | undefined): Element => {
    const dict = objects.dict(ref);
    if (!dict || typeof ref !== 'string') throw new Error(`no element at ${String(ref)}`);
    return { ref, type: String(dict['/S']).slice(1), dict, kids: asList(dict['/K']) };
  };
  const parentTree = new Map<number, Json>();
  const walk = (node: Json | undefined) => {
    const dict = objects.dict(node);
    const nums = asList(dict?.['/Nums']);
    for (let index = 0; index < nums.length; index += 2)
      parentTree.set(Number(nums[index]), nums[index + 1] ?? null);
    for (const kid of asList(dict?.['/Kids'])) walk(kid);
  };
  walk(root['/ParentTree']);
  const pages = (() => {
    const list: Dict[] = [];
    const visit = (node: Json | undefined) => {
      const dict = objects.dict(node);
      if (dict?.['/Type'] === '/Page') list.push(dict);
      for (const kid of asList(dict?.['/Kids'])) visit(kid);
    };
    visit(catalog['/Pages']);
    return list;
  })();
  const content = (page: Dict) =>
    asList(page['/Contents'])
      .map((ref) => objects.data(ref)?.toString('latin1') ?? '')
      .join('\n');
  return { objects, root, element, asList, parentTree, pages, content };
}

/** Every element under `element`, itself first. */
function descendants(tree: ReturnType<typeof structure>, start: Element): Element[] {
  const found = [start];
  for (const kid of start.kids)
    if (typeof kid === 'string' && tree.objects.dict(kid)?.['/S'])
      found.push(...descendants(tree, tree.element(kid)));
  return found;
}

async function prepared(input: Buffer, count = signers.length) {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), input);
  const list = Array.from({ length: count }, (_, index) => {
    const signer = signers[index % signers.length] ?? { name: 'x' };
    return count > signers.length ? { ...signer, name: `${signer.name} ${index + 1}` } : signer;
  });
  await prepareForSigning({
    input: join(dir, 'in.pdf'),
    output: join(dir, 'prepared.pdf'),
    title: 'Muistio: työsuhteen ehdot',
    signers: list,
    language: 'fi',
  });
  return { dir, input: join(dir, 'in.pdf'), path: join(dir, 'prepared.pdf') };
}

describe('a signature page in a tagged PDF', () => {
  it('joins the structure tree as a section with a heading, the title and a table of signers', async () => {
    const { input, path } = await prepared(libreOfficePdf('muistio-tagged'));
    expect(pdfinfo(path)).toMatch(/^Tagged:\s+yes$/m);
    expect(qpdfCheck(path)).toBeNull();
    const before = structure(input);
    const tree = structure(path);
    const [document] = tree.asList(tree.root['/K']).map(tree.element);
    const [documentBefore] = before.asList(before.root['/K']).map(before.element);
    if (!document || !documentBefore) throw new Error('no Document element');
    expect(document.type).toBe('Document');
    // The document's own elements stay, in order, and the section follows them.
    expect(document.kids.slice(0, -1)).toEqual(documentBefore.kids);
    const section = tree.element(document.kids.at(-1));
    expect(section.type).toBe('Sect');
    expect(section.dict['/Lang']).toBe('u:fi');
    const [heading, title, table] = section.kids.map(tree.element);
    expect([heading?.type, title?.type, table?.type]).toEqual(['H1', 'P', 'Table']);
    if (!table) throw new Error('no table');
    const rows = table.kids.map(tree.element);
    expect(rows.map((row) => row.type)).toEqual(['TR', 'TR', 'TR']);
    for (const [index, row] of rows.entries()) {
      const cells = row.kids.map(tree.element);
      expect(cells.map((cell) => cell.type)).toEqual(['TH', 'TD', 'TD']);
      expect(tree.objects.dict(cells[0]?.dict['/A'])).toEqual({ '/O': '/Table', '/Scope': '/Row' });
      expect(cells[1]?.kids).toHaveLength(index < 2 ? 1 : 0);
      const [form] = (cells[2]?.kids ?? []).map(tree.element);
      expect(form?.type).toBe('Form');
      expect(form?.dict['/Alt']).toBe(`u:Allekirjoitus: ${signers[index]?.name}`);
      // The form element holds the widget, which names it back through the ParentTree.
      const objr = tree.objects.dict(form?.kids[0]);
      expect(objr?.['/Type']).toBe('/OBJR');
      const widget = tree.objects.dict(objr?.['/Obj']);
      expect(widget?.['/T']).toBe(`u:Signer${index + 1}`);
      expect(widget?.['/TU']).toBe(`u:Allekirjoitus: ${signers[index]?.name}`);
      expect(tree.parentTree.get(Number(widget?.['/StructParent']))).toBe(form?.ref);
    }
    expect(pdfinfo(path, '-struct-text')).toContain(
      `TH:\n           /Scope /Row\n          "${signers[0]?.name}"`,
    );
  });

  it('leads every marked content of the page back to the element that holds it', async () => {
    const { path } = await prepared(libreOfficePdf('muistio-tagged'));
    const tree = structure(path);
    const page = tree.pages.at(-1);
    if (!page) throw new Error('no page');
    const key = Number(page['/StructParents']);
    expect(page['/Tabs']).toBe('/S');
    const parents = tree.objects.value(tree.parentTree.get(key)) ?? tree.parentTree.get(key);
    const mcids = [...tree.content(page).matchAll(/\/MCID (\d+)/g)].map((match) =>
      Number(match[1]),
    );
    expect(mcids).toEqual(mcids.map((_, index) => index));
    expect(Array.isArray(parents) && parents.length).toBe(mcids.length);
    for (const mcid of mcids) {
      const holder = tree.element(Array.isArray(parents) ? parents[mcid] : undefined);
      expect(holder.kids).toContain(mcid);
    }
    // Frames and rules are artifacts, not content.
    expect(tree.content(page)).toMatch(/\/Artifact BMC\nq .* re S Q\nEMC/);
    const keys = [...tree.parentTree.keys()];
    expect(Number(tree.root['/ParentTreeNextKey'])).toBe(Math.max(...keys) + 1);
  });

  it('keeps the tree through signing, and the signatures valid', async () => {
    const { dir, path } = await prepared(libreOfficePdf('poytakirja-pdfa'));
    const signer = pki.signers[0];
    if (!signer) throw new Error('no signer');
    const signed = join(dir, 'signed.pdf');
    await signPdf({ input: path, output: signed, signer, fieldName: 'Signer1' });
    expect(pdfsig(signed).valid).toEqual([true, false, false]);
    const tree = structure(signed);
    const forms = descendants(tree, tree.element(tree.asList(tree.root['/K']).at(-1))).filter(
      (element) => element.type === 'Form',
    );
    expect(forms).toHaveLength(3);
    const widget = tree.objects.dict(tree.objects.dict(forms[0]?.kids[0])?.['/Obj']);
    expect(tree.parentTree.get(Number(widget?.['/StructParent']))).toBe(forms[0]?.ref);
    // LibreOffice's PDF/A file has a Figure beside its Document element: the section joins the
    // Document element all the same.
    expect(tree.asList(tree.root['/K']).map((kid) => tree.element(kid).type)).toEqual([
      'Figure',
      'Document',
    ]);
  });

  it('puts the signers of several pages in one table, the later headings as artifacts', async () => {
    const { path } = await prepared(libreOfficePdf('muistio-tagged'), 15);
    const tree = structure(path);
    const section = tree.element(
      tree.asList(tree.element(tree.asList(tree.root['/K'])[0]).dict['/K']).at(-1),
    );
    const elements = descendants(tree, section);
    expect(elements.filter((element) => element.type === 'H1')).toHaveLength(1);
    expect(elements.filter((element) => element.type === 'Table')).toHaveLength(1);
    expect(elements.filter((element) => element.type === 'TR')).toHaveLength(15);
    const [first, second] = tree.pages.slice(-2);
    expect(tree.content(second ?? {})).toMatch(/^\/Artifact BMC\nBT /);
    expect(Number(second?.['/StructParents'])).toBe(Number(first?.['/StructParents']) + 1);
  });
});

describe('an information page in a tagged PDF', () => {
  it('joins the tree too, a paragraph that runs on to the next page with a reference to it', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), libreOfficePdf('muistio-tagged'));
    const long = Array.from(
      { length: 150 },
      (_, index) => `Rivi ${index + 1}: Áile Ŋuvttaš-Čoarvi`,
    ).join(' ');
    await appendInformationPage({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'page.pdf'),
      heading: 'Allekirjoittajien varmennetut henkilötunnisteet',
      lines: [long],
      sealField: { name: 'Seal', label: 'Esimerkkiyliopisto', description: 'Sinetti' },
      language: 'fi',
    });
    const path = join(dir, 'page.pdf');
    const tree = structure(path);
    const section = tree.element(
      tree.asList(tree.element(tree.asList(tree.root['/K'])[0]).dict['/K']).at(-1),
    );
    expect(section.kids.map((kid) => tree.element(kid).type)).toEqual(['H1', 'P', 'Form', 'P']);
    const paragraph = tree.element(section.kids[1]);
    const references = paragraph.kids.map((kid) => tree.objects.dict(kid)).filter(isDict);
    expect(references.length).toBeGreaterThan(0);
    expect(references.every((reference) => reference['/Type'] === '/MCR')).toBe(true);
    expect(tree.element(section.kids[2]).dict['/Alt']).toBe('u:Sinetti');
    expect(pdfinfo(path)).toMatch(/^Tagged:\s+yes$/m);
  });
});

describe('an untagged PDF', () => {
  it('stays untagged: no structure tree is made for the signature page', async () => {
    const { path } = await prepared(await pdfLibDocument(1));
    expect(pdfinfo(path)).toMatch(/^Tagged:\s+no$/m);
    expect(new QpdfObjects(path).catalog()?.['/StructTreeRoot']).toBeUndefined();
  });
});
