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

/**
 * Lays out the signature page inside `mediaBox`: the heading, the title (up to three
 * lines) and a two-column grid of boxes, each with its signer's name and e-mail under it.
 * Answers the page's content stream and the boxes, one per signer in order.
 */
export function layoutSignaturePage(
  mediaBox: MediaBox,
  text: { title: string; language: SignaturePageLanguage; signers: SignaturePageSigner[] },
): { content: Buffer; boxes: Box[] } {
  const [left, bottom, right, top] = mediaBox;
  const width = right - left - 2 * margin;
  const content = new ContentBuilder();
  let y = top - 80;
  content.text(left + margin, y, 20, headings[text.language]);
  content.rectangle(left + margin, y - 10, width, 0.75, { fill: frame });
  y -= 36;
  for (const line of wrapToWidth(text.title, 12, width, 3)) {
    content.text(left + margin, y, 12, line);
    y -= 16;
  }

  const columnWidth = (width - columnGap) / 2;
  const rows = Math.ceil(text.signers.length / 2);
  const available = y - 20 - (bottom + margin);
  const boxHeight = Math.min(largestBox, available / rows - captionHeight - rowGap);
  if (boxHeight < smallestBox)
    throw new PdfError(`${text.signers.length} signers do not fit on one signature page`);
  const boxTop = y - 20;
  const boxes = text.signers.map((signer, index) => {
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
}
