import { appendFile, copyFile } from 'node:fs/promises';
import { appendPagesUpdate, readAppendTarget, type AppendedPage } from './appended-pages.ts';
import { PdfDocument } from './document.ts';
import { ContentBuilder, type Rgb } from './drawing.ts';
import { newFieldNames } from './form-fields.ts';
import type { Box } from './signature-page-layout.ts';
import { fileSource } from './source.ts';
import { PdfError } from './values.ts';
import { fitToWidth, wrapToWidth } from './win-ansi.ts';

export interface AppendInformationPageOptions {
  input: string;
  output: string;
  heading: string;
  /** Paragraphs, each wrapped to the page's width; an empty one leaves a blank line. */
  lines: string[];
  /** The empty signature field at the bottom of the last page, with a label under its box. */
  sealField: { name: string; label: string };
}

type MediaBox = readonly [number, number, number, number];

const margin = 56;
const textSize = 11;
const lineHeight = 15;
const paragraphGap = 6;
const sealHeight = 80;
const captionHeight = 36;
const frame: Rgb = [0.55, 0.6, 0.7];

/**
 * Lays out the information pages inside `mediaBox`: the heading on each page, the paragraphs
 * (a paragraph moves whole to the next page when it fits there) and, at the bottom of the
 * last page, the seal's box with its label under it.
 */
function layoutInformationPages(
  mediaBox: MediaBox,
  options: Pick<AppendInformationPageOptions, 'heading' | 'lines'>,
  seal: { name: string; label: string },
): AppendedPage[] {
  const [left, bottom, right, top] = mediaBox;
  const width = right - left - 2 * margin;
  const firstBaseline = top - 116;
  const lowestBaseline = bottom + margin;
  const sealBox: Box = {
    x: left + margin,
    y: bottom + margin + captionHeight,
    width: Math.min(width, (width - 24) / 2),
    height: sealHeight,
  };
  if (firstBaseline - sealBox.y - sealBox.height < lineHeight)
    throw new PdfError('the page is too small for an information page');

  const pages: ContentBuilder[] = [];
  let y = firstBaseline;
  const startPage = () => {
    const content = new ContentBuilder();
    content.text(left + margin, top - 80, 20, fitToWidth(options.heading, 20, width));
    content.rectangle(left + margin, top - 90, width, 0.75, { fill: frame });
    pages.push(content);
    y = firstBaseline;
    return content;
  };
  let page = startPage();
  for (const paragraph of options.lines) {
    const wrapped = wrapToWidth(paragraph, textSize, width, Number.MAX_SAFE_INTEGER);
    const lines = wrapped.length > 0 ? wrapped : [''];
    const fitsOnAPage = firstBaseline - (lines.length - 1) * lineHeight >= lowestBaseline;
    if (y !== firstBaseline && fitsOnAPage && y - (lines.length - 1) * lineHeight < lowestBaseline)
      page = startPage();
    for (const line of lines) {
      if (y < lowestBaseline) page = startPage();
      if (line) page.text(left + margin, y, textSize, line);
      y -= lineHeight;
    }
    y -= paragraphGap;
  }
  // The last line's descenders must stay clear of the seal's box.
  if (y + lineHeight + paragraphGap - 4 < sealBox.y + sealBox.height + 12) page = startPage();
  page.rectangle(sealBox.x, sealBox.y, sealBox.width, sealBox.height, {
    stroke: frame,
    lineWidth: 0.75,
  });
  page.text(sealBox.x, sealBox.y - 14, 10, fitToWidth(seal.label, 10, sealBox.width));
  return pages.map((content, index) => ({
    content: content.toBuffer(),
    fields: index === pages.length - 1 ? [{ name: seal.name, box: sealBox }] : [],
  }));
}

/**
 * Writes `output`: `input` unchanged plus an update that appends an information page (more
 * when the lines need them) with the heading, the lines and one empty signature field for a
 * seal at the bottom of the last page, so that earlier signatures stay valid.
 */
export async function appendInformationPage(options: AppendInformationPageOptions): Promise<void> {
  const source = await fileSource(options.input);
  let update: Buffer;
  try {
    const document = await PdfDocument.open(source);
    const target = await readAppendTarget(document);
    const [name = options.sealField.name] = newFieldNames(
      [{ fieldName: options.sealField.name }],
      target.takenFieldNames,
      'Seal',
    );
    const pages = layoutInformationPages(target.mediaBox, options, {
      name,
      label: options.sealField.label,
    });
    update = await appendPagesUpdate(document, target, pages);
  } finally {
    await source.close();
  }
  if (options.input !== options.output) await copyFile(options.input, options.output);
  await appendFile(options.output, update);
}
