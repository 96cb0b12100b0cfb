import { ContentBuilder, type Rgb } from './drawing.ts';
import { FontSubsets } from './font-subset.ts';
import type { ColorModel } from './output-intent.ts';
import { element, type StructureElement } from './structure-elements.ts';
import { fitToWidth, wrapToWidth } from './text-fit.ts';
import { PdfError } from './values.ts';

export type SignaturePageLanguage = 'fi' | 'en' | 'sv';

export interface SignaturePageSigner {
  name: string;
  email?: string;
  /** The signature field's name; Signer1, Signer2, ... when not given. */
  fieldName?: string;
}

type MediaBox = readonly [number, number, number, number];
const a4: MediaBox = [0, 0, 595, 842];

/** The signature page's MediaBox: the first page's when it is A4-ish, else A4 portrait. */
export function signaturePageBox(first: MediaBox | null): MediaBox {
  if (!first) return a4;
  const [left, bottom, right, top] = first;
  const a4ish = Math.abs(right - left - 595.28) <= 10 && Math.abs(top - bottom - 841.89) <= 10;
  return a4ish ? first : a4;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const headings: Record<SignaturePageLanguage, string> = {
  fi: 'Allekirjoitukset',
  en: 'Signatures',
  sv: 'Underskrifter',
};

const fieldLabels: Record<SignaturePageLanguage, string> = {
  fi: 'Allekirjoitus',
  en: 'Signature',
  sv: 'Underskrift',
};

/** What a signer's field is called to people (its /TU and the alternate text of its element). */
export function signatureFieldLabel(language: SignaturePageLanguage, name: string): string {
  return `${fieldLabels[language]}: ${name}`;
}

const margin = 56;
const columnGap = 24;
const captionHeight = 36;
const rowGap = 18;
const largestBox = 80;
const smallestBox = 36;
const grey: Rgb = [0.4, 0.4, 0.4];
const frame: Rgb = [0.55, 0.6, 0.7];

/** What the signature pages show: the title and one box per signer. */
export interface SignaturePageText {
  title: string;
  language: SignaturePageLanguage;
  signers: SignaturePageSigner[];
}

/** One signature page: its content stream and its boxes, in the signers' order. */
export interface SignaturePageLayout {
  content: Buffer;
  boxes: Box[];
}

/** The pages, the fonts they use, and their structure: a section with a heading and a table. */
export interface SignaturePagesLayout {
  pages: SignaturePageLayout[];
  fonts: FontSubsets;
  /** The boxes appear as fields: a FieldKid's `field` is the box's index on its page. */
  structure: StructureElement[];
}

/**
 * The heading, a rule and the title (up to three lines); answers the baseline left below and
 * the MCIDs of the heading and title, which only the first page tags (later pages repeat
 * them as pagination artifacts).
 */
function drawHeading(
  content: ContentBuilder,
  mediaBox: MediaBox,
  text: SignaturePageText,
  page: { number: number; of: number },
): { y: number; heading?: number; title?: number } {
  const [left, , right, top] = mediaBox;
  const width = right - left - 2 * margin;
  let y = top - 80;
  const counter = page.of > 1 ? ` (${page.number}/${page.of})` : '';
  const tagged = (tag: 'H1' | 'P', draw: () => void) =>
    page.number === 1 ? content.tagged(tag, draw) : (content.artifact(draw), undefined);
  const heading = tagged('H1', () =>
    content.text(left + margin, y, 20, `${headings[text.language]}${counter}`, { face: 'bold' }),
  );
  content.artifact(() => content.rectangle(left + margin, y - 10, width, 0.75, { fill: frame }));
  y -= 36;
  const title = tagged('P', () => {
    for (const line of wrapToWidth(text.title, 12, width, 3)) {
      content.text(left + margin, y, 12, line);
      y -= 16;
    }
  });
  return { y, heading, title };
}

/** The most rows of boxes one page holds below its heading, at the smallest box height. */
function rowsPerPageAtMost(mediaBox: MediaBox, text: SignaturePageText): number {
  const scratch = new ContentBuilder(new FontSubsets());
  const { y } = drawHeading(scratch, mediaBox, text, { number: 1, of: 2 });
  const available = y - 20 - (mediaBox[1] + margin);
  return Math.floor(available / (smallestBox + captionHeight + rowGap));
}

/**
 * Lays out the signature pages inside `mediaBox`: on each, the heading (with 'n/m' when there
 * are several), the title and a two-column grid of boxes, each with its signer's name and
 * e-mail under it. The signers fill as few pages as hold them, the rows shared evenly and
 * every box the same height. The structure reads as a heading, the title and a table with a
 * row per signer: the name as the row's header, the e-mail, and the signature field.
 */
export function layoutSignaturePages(
  mediaBox: MediaBox,
  text: SignaturePageText,
  colorModel: ColorModel = 'rgb',
): SignaturePagesLayout {
  const [left, bottom, right] = mediaBox;
  const columnWidth = (right - left - 2 * margin - columnGap) / 2;
  const rows = Math.ceil(text.signers.length / 2);
  const rowsAtMost = rowsPerPageAtMost(mediaBox, text);
  if (rowsAtMost < 1) throw new PdfError('the page is too small for a signature page');
  const pageCount = Math.max(1, Math.ceil(rows / rowsAtMost));
  const rowsPerPage = Math.ceil(rows / pageCount);
  // The first pages take one row more when the rows do not divide evenly.
  const rowsBefore = (page: number) =>
    page * Math.floor(rows / pageCount) + Math.min(page, rows % pageCount);
  const fonts = new FontSubsets();
  const section: StructureElement = element('Sect', [], { lang: text.language });
  const tableRows: StructureElement[] = [];
  const pages = Array.from({ length: pageCount }, (_, pageIndex) => {
    const content = new ContentBuilder(fonts, colorModel);
    const page = { number: pageIndex + 1, of: pageCount };
    const { y, heading, title } = drawHeading(content, mediaBox, text, page);
    if (heading !== undefined)
      section.kids.push(element('H1', [{ page: pageIndex, mcid: heading }]));
    if (title !== undefined) section.kids.push(element('P', [{ page: pageIndex, mcid: title }]));
    const available = y - 20 - (bottom + margin);
    const boxHeight = Math.min(largestBox, available / rowsPerPage - captionHeight - rowGap);
    const boxTop = y - 20;
    const signers = text.signers.slice(rowsBefore(pageIndex) * 2, rowsBefore(pageIndex + 1) * 2);
    const boxes = signers.map((signer, index) => {
      const column = index % 2;
      const row = Math.floor(index / 2);
      const box: Box = {
        x: left + margin + column * (columnWidth + columnGap),
        y: boxTop - row * (boxHeight + captionHeight + rowGap) - boxHeight,
        width: columnWidth,
        height: boxHeight,
      };
      content.artifact(() =>
        content.rectangle(box.x, box.y, box.width, box.height, { stroke: frame, lineWidth: 0.75 }),
      );
      const name = content.tagged('TH', () =>
        content.text(box.x, box.y - 14, 10, fitToWidth(signer.name, 10, columnWidth)),
      );
      const { email } = signer;
      const mail = email
        ? content.tagged('TD', () =>
            content.text(box.x, box.y - 27, 9, fitToWidth(email, 9, columnWidth), { fill: grey }),
          )
        : undefined;
      const signature = element('Form', [{ page: pageIndex, field: index }], {
        alt: signatureFieldLabel(text.language, signer.name),
      });
      tableRows.push(
        element('TR', [
          element('TH', [{ page: pageIndex, mcid: name }], { scope: 'Row' }),
          element('TD', mail === undefined ? [] : [{ page: pageIndex, mcid: mail }]),
          element('TD', [signature]),
        ]),
      );
      return box;
    });
    return { content: content.toBuffer(), boxes };
  });
  section.kids.push(element('Table', tableRows));
  return { pages, fonts, structure: [section] };
}
