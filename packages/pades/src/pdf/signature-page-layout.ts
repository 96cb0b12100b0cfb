import { ContentBuilder, type Rgb } from './drawing.ts';
import { PdfError } from './values.ts';
import { fitToWidth, wrapToWidth } from './win-ansi.ts';

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

/** The heading, a rule and the title (up to three lines); answers the baseline left below. */
function drawHeading(
  content: ContentBuilder,
  mediaBox: MediaBox,
  text: SignaturePageText,
  page: { number: number; of: number },
): number {
  const [left, , right, top] = mediaBox;
  const width = right - left - 2 * margin;
  let y = top - 80;
  const counter = page.of > 1 ? ` (${page.number}/${page.of})` : '';
  content.text(left + margin, y, 20, `${headings[text.language]}${counter}`);
  content.rectangle(left + margin, y - 10, width, 0.75, { fill: frame });
  y -= 36;
  for (const line of wrapToWidth(text.title, 12, width, 3)) {
    content.text(left + margin, y, 12, line);
    y -= 16;
  }
  return y;
}

/** The most rows of boxes one page holds below its heading, at the smallest box height. */
function rowsPerPageAtMost(mediaBox: MediaBox, text: SignaturePageText): number {
  const below = drawHeading(new ContentBuilder(), mediaBox, text, { number: 1, of: 2 });
  const available = below - 20 - (mediaBox[1] + margin);
  return Math.floor(available / (smallestBox + captionHeight + rowGap));
}

/**
 * Lays out the signature pages inside `mediaBox`: on each, the heading (with 'n/m' when there
 * are several), the title and a two-column grid of boxes, each with its signer's name and
 * e-mail under it. The signers fill as few pages as hold them, the rows shared evenly and
 * every box the same height; answers each page's content stream and boxes, in order.
 */
export function layoutSignaturePages(
  mediaBox: MediaBox,
  text: SignaturePageText,
): SignaturePageLayout[] {
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
  return Array.from({ length: pageCount }, (_, pageIndex) => {
    const content = new ContentBuilder();
    const y = drawHeading(content, mediaBox, text, { number: pageIndex + 1, of: pageCount });
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
      content.rectangle(box.x, box.y, box.width, box.height, { stroke: frame, lineWidth: 0.75 });
      content.text(box.x, box.y - 14, 10, fitToWidth(signer.name, 10, columnWidth));
      if (signer.email)
        content.text(box.x, box.y - 27, 9, fitToWidth(signer.email, 9, columnWidth), grey);
      return box;
    });
    return { content: content.toBuffer(), boxes };
  });
}
