import { execFileSync } from 'node:child_process';
import { create } from 'fontkit';
import { isDict, QpdfObjects, readObjects, type Dict } from './qpdf-objects.ts';

/**
 * A few rules of PDF/A-2 (ISO 19005-2) checked the way veraPDF words them, on the objects
 * qpdf reads (an independent parser): fonts, annotations, forms, transparency, colour and
 * the identification. Not a validator: it knows only the rules the signing engine's pages,
 * fields and appearances could break.
 */
export interface PdfaFinding {
  /** The clause of ISO 19005-2, e.g. '6.2.11.4.1'. */
  clause: string;
  object: string;
  message: string;
}

/** The font rules: embedded programs, CIDFontType2 maps, CIDSet, widths, ToUnicode. */
function fontFindings(reader: QpdfObjects): PdfaFinding[] {
  const findings: PdfaFinding[] = [];
  const add = (clause: string, object: string, message: string) =>
    findings.push({ clause, object, message });
  for (const [name, dict] of reader.dicts()) {
    if (dict['/Type'] !== '/Font') continue;
    const subtype = dict['/Subtype'];
    if (subtype === '/Type3') continue;
    if (subtype === '/Type0') {
      if (dict['/ToUnicode'] === undefined)
        add('6.2.11.7.2', name, 'a Type0 font without ToUnicode');
      continue;
    }
    const descriptor = reader.dict(dict['/FontDescriptor']);
    const file =
      descriptor?.['/FontFile'] ?? descriptor?.['/FontFile2'] ?? descriptor?.['/FontFile3'];
    if (file === undefined) {
      add('6.2.11.4.1', name, `font ${String(dict['/BaseFont']).slice(1)} is not embedded`);
      continue;
    }
    if (subtype !== '/CIDFontType2') continue;
    const map = dict['/CIDToGIDMap'];
    if (map === undefined) add('6.2.11.3.2', name, 'a CIDFontType2 without CIDToGIDMap');
    const program = reader.data(descriptor?.['/FontFile2']);
    if (map !== '/Identity' || !program) continue;
    const font = create(program);
    if (!('numGlyphs' in font)) continue;
    const cidSet = reader.data(descriptor?.['/CIDSet']);
    if (cidSet)
      for (let cid = 0; cid < font.numGlyphs; cid += 1)
        if (((cidSet[cid >> 3] ?? 0) & (0x80 >> (cid & 7))) === 0)
          add('6.2.11.4.2', name, `CIDSet leaves out CID ${cid}, which the font program has`);
    const widths = reader.value(dict['/W']);
    const list = Array.isArray(widths) ? widths : [];
    for (let index = 0; index < list.length;) {
      const first = Number(list[index]);
      const next = list[index + 1];
      const entries: Array<[number, number]> = Array.isArray(next)
        ? next.map((width, offset) => [first + offset, Number(width)])
        : Array.from({ length: Number(next) - first + 1 }, (_, offset) => [
            first + offset,
            Number(list[index + 2]),
          ]);
      index += Array.isArray(next) ? 2 : 3;
      for (const [cid, width] of entries) {
        if (cid >= font.numGlyphs) continue;
        const actual = (font.getGlyph(cid).advanceWidth * 1000) / font.unitsPerEm;
        if (Math.abs(actual - width) > 1)
          add('6.2.11.5', name, `CID ${cid} is ${width} wide in /W, ${actual} in the font`);
      }
    }
  }
  return findings;
}

/** Annotation, form and transparency rules, for the objects `only` names (all when not given). */
function pageFindings(reader: QpdfObjects, only?: Set<string>): PdfaFinding[] {
  const findings: PdfaFinding[] = [];
  const add = (clause: string, object: string, message: string) =>
    findings.push({ clause, object, message });
  for (const [name, dict] of reader.dicts()) {
    if (only && !only.has(name)) continue;
    if (dict['/Type'] === '/Annot' || (dict['/Subtype'] === '/Widget' && dict['/Rect'])) {
      const subtype = dict['/Subtype'];
      if (subtype === '/Popup') continue;
      const flags = Number(dict['/F'] ?? 0);
      if ((flags & 4) === 0 || (flags & (1 | 2 | 32 | 256)) !== 0)
        add('6.3.2', name, `annotation flags ${flags}: printed, never hidden`);
      const rect = reader.value(dict['/Rect']);
      const [x1, y1, x2, y2] = Array.isArray(rect) ? rect.map(Number) : [0, 0, 0, 0];
      const area = Math.abs((x2 ?? 0) - (x1 ?? 0)) > 0 && Math.abs((y2 ?? 0) - (y1 ?? 0)) > 0;
      const appearance = reader.dict(dict['/AP']);
      if (area && subtype !== '/Link' && !appearance)
        add('6.3.3', name, 'an annotation with an area and no appearance');
      if (appearance && Object.keys(appearance).some((key) => key !== '/N'))
        add('6.3.3', name, 'an appearance dictionary with more than /N');
      if (
        appearance &&
        dict['/FT'] !== '/Btn' &&
        !reader.objects.get(`obj:${String(appearance['/N'])}`)?.stream
      )
        add('6.3.3', name, 'a normal appearance that is not a stream');
      if (dict['/CA'] !== undefined && Number(dict['/CA']) !== 1)
        add('6.3.2', name, 'an annotation with transparency (/CA)');
    }
    if (dict['/Type'] === '/ExtGState') {
      if (dict['/SMask'] !== undefined && dict['/SMask'] !== '/None')
        add('6.2.10', name, 'a soft mask');
      for (const key of ['/CA', '/ca'])
        if (dict[key] !== undefined && Number(dict[key]) !== 1)
          add('6.2.10', name, `constant alpha ${key} ${String(dict[key])}`);
    }
    if (dict['/SMask'] !== undefined && dict['/Type'] !== '/ExtGState')
      add('6.2.10', name, 'an image with a soft mask');
    const group = reader.dict(dict['/Group']);
    if (group?.['/S'] === '/Transparency') add('6.2.10', name, 'a transparency group');
    if (dict['/NeedAppearances'] === true) add('6.4.1', name, 'NeedAppearances is true');
    for (const key of ['/F', '/FFilter', '/FDecodeParms'])
      if (reader.objects.get(`obj:${name}`)?.stream && dict[key] !== undefined)
        add('6.1.7.1', name, `a stream with ${key}`);
  }
  return findings;
}

/** Content of the `only` pages and form XObjects: device colour fitting the output intent, no .notdef. */
function contentFindings(reader: QpdfObjects, components: number | null, only?: Set<string>) {
  const findings: PdfaFinding[] = [];
  const allowed: Record<string, number> = { rg: 3, k: 4 };
  for (const [name, dict] of reader.dicts()) {
    if (only && !only.has(name)) continue;
    const isPage = dict['/Type'] === '/Page';
    if (!isPage && dict['/Subtype'] !== '/Form') continue;
    const contents = isPage ? reader.value(dict['/Contents']) : name;
    const streams = (Array.isArray(contents) ? contents : [contents]).map((ref) =>
      reader.data(ref),
    );
    const text = streams.map((data) => data?.toString('latin1') ?? '').join('\n');
    const fonts = reader.dict(reader.dict(dict['/Resources'])?.['/Font']) ?? {};
    for (const match of text.matchAll(/(?:^|\s)(rg|RG|k|K)(?=\s|$)/g)) {
      const needed = allowed[(match[1] ?? '').toLowerCase()];
      if (components !== null && needed !== components)
        findings.push({
          clause: '6.2.4.3',
          object: name,
          message: `${match[1]} with a ${components}-component output intent`,
        });
    }
    let font: Dict | undefined;
    for (const match of text.matchAll(/\/(\S+) [\d.]+ Tf|<([0-9a-fA-F]*)> Tj/g)) {
      if (match[1] !== undefined) font = reader.dict(fonts[`/${match[1]}`]);
      else if (font?.['/Subtype'] === '/Type0' && /^(?:.{4})*?0000/.test(match[2] ?? ''))
        findings.push({
          clause: '6.2.11.8',
          object: name,
          message: 'text shows the .notdef glyph',
        });
    }
  }
  return findings;
}

/**
 * What the file breaks of the checked rules; `added` limits the annotation and transparency
 * rules to those objects (the signing engine's), while the font rules cover every font.
 */
export function pdfaFindings(path: string, added?: Set<string>): PdfaFinding[] {
  const reader = new QpdfObjects(path);
  const [intent] = outputIntentsOf(reader);
  const findings = [
    ...fontFindings(reader),
    ...pageFindings(reader, added),
    ...contentFindings(reader, intent ? intent.components : null, added),
  ];
  const trailer = reader.objects.get('trailer')?.value;
  if (!isDict(trailer) || !Array.isArray(trailer['/ID']))
    findings.push({ clause: '6.1.3', object: 'trailer', message: 'no /ID' });
  if (isDict(trailer) && trailer['/Encrypt'] !== undefined)
    findings.push({ clause: '6.1.3', object: 'trailer', message: 'encrypted' });
  return findings;
}

/** The objects numbered `from` and above (those an update appended after the input's). */
export function objectsFrom(path: string, from: number): Set<string> {
  return new Set(
    [...readObjects(path).keys()]
      .filter((key) => key.startsWith('obj:') && Number(key.slice(4).split(' ')[0]) >= from)
      .map((key) => key.slice(4)),
  );
}

/** The PDF/A identification in the XMP metadata (pdfaid:part and conformance), or null. */
export function pdfaClaim(path: string): { part: string; conformance: string } | null {
  const reader = new QpdfObjects(path);
  const catalog = reader.catalog();
  const xmp = reader.data(catalog?.['/Metadata'])?.toString('utf8') ?? '';
  const read = (field: string) =>
    new RegExp(`pdfaid:${field}(?:>([^<]*)<|="([^"]*)")`).exec(xmp)?.slice(1).find(Boolean);
  const part = read('part');
  const conformance = read('conformance');
  return part && conformance ? { part, conformance } : null;
}

/** The catalog's output intents: each one's /S and its profile's number of components. */
export function outputIntents(path: string): Array<{ subtype: string; components: number }> {
  return outputIntentsOf(new QpdfObjects(path));
}

function outputIntentsOf(reader: QpdfObjects): Array<{ subtype: string; components: number }> {
  const catalog = reader.catalog();
  const intents = reader.value(catalog?.['/OutputIntents']);
  return (Array.isArray(intents) ? intents : []).map((item) => {
    const intent = reader.dict(item);
    const profile = reader.dict(intent?.['/DestOutputProfile']);
    return { subtype: String(intent?.['/S']), components: Number(profile?.['/N']) };
  });
}

/** poppler's list of the fonts the pages use (pdffonts): name, type, and emb, sub and uni. */
export function pdffonts(
  path: string,
): Array<{ name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean }> {
  const output = execFileSync('pdffonts', [path], { encoding: 'utf8' });
  return output
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      // The three yes/no columns sit before the object number and generation.
      const match = /^(\S+)\s+(.+?)\s{2,}\S+\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(
        line,
      );
      if (!match) throw new Error(`pdffonts line not understood: ${line}`);
      const [, name = '', type = '', embedded, subset, unicode] = match;
      return {
        name,
        type,
        embedded: embedded === 'yes',
        subset: subset === 'yes',
        unicode: unicode === 'yes',
      };
    });
}
