import { appendFile, copyFile } from 'node:fs/promises';
import { appendPagesUpdate, readAppendTarget, type AppendedPages } from './appended-pages.ts';
import { PdfDocument } from './document.ts';
import { ContentBuilder, type Rgb } from './drawing.ts';
import { FontSubsets } from './font-subset.ts';
import { newFieldNames } from './form-fields.ts';
import type { ColorModel } from './output-intent.ts';
import type { Box } from './signature-page-layout.ts';
import { element, type ContentKid, type StructureElement } from './structure-elements.ts';
import { fileSource } from './source.ts';
import { fitToWidth, sizeToFit, wrapToWidth } from './text-fit.ts';
import { PdfError } from './values.ts';

export interface AppendInformationPageOptions {
  input: string;
  output: string;
  heading: string;
  /** Paragraphs, each wrapped to the page's width; an empty one leaves a blank line. */
  lines: string[];
  /**
   * The empty signature field at the bottom of the last page, with a label under its box;
   * `description` is what the field is called to people (its /TU), the label when not given.
   */
  sealField: { name: string; label: string; description?: string };
  /** The pages' language (BCP 47, e.g. 'fi'), for their structure in a tagged document. */
  language?: string;
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
 * last page, the seal's box with its label under it. The structure reads as the heading,
 * the paragraphs, the seal's field and its label; later pages' headings are artifacts.
 */
function layoutInformationPages(
  mediaBox: MediaBox,
  options: Pick<AppendInformationPageOptions, 'heading' | 'lines' | 'language'>,
  seal: { name: string; label: string; description: string },
  colorModel: ColorModel,
): AppendedPages {
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

  // A long heading is set smaller, down to 14 pt, before it is cut.
  const headingSize = sizeToFit(options.heading, width, { largest: 20, smallest: 14 }, 'bold');
  const headingLine = fitToWidth(options.heading, headingSize, width, 'bold');
  const fonts = new FontSubsets();
  const section = element('Sect', [], options.language ? { lang: options.language } : {});
  const pages: ContentBuilder[] = [];
  let y = firstBaseline;
  const startPage = () => {
    const content = new ContentBuilder(fonts, colorModel);
    const heading = () =>
      content.text(left + margin, top - 80, headingSize, headingLine, { face: 'bold' });
    if (pages.length === 0)
      section.kids.push(element('H1', [{ page: 0, mcid: content.tagged('H1', heading) }]));
    else content.artifact(heading);
    content.artifact(() =>
      content.rectangle(left + margin, top - 90, width, 0.75, { fill: frame }),
    );
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
    const parts: ContentKid[] = [];
    for (const line of lines) {
      if (y < lowestBaseline) page = startPage();
      const at = { x: left + margin, y };
      if (line)
        parts.push({
          page: pages.length - 1,
          mcid: page.tagged('P', (content) => content.text(at.x, at.y, textSize, line)),
        });
      y -= lineHeight;
    }
    if (parts.length > 0) section.kids.push(element('P', parts));
    y -= paragraphGap;
  }
  // The last line's descenders must stay clear of the seal's box.
  if (y + lineHeight + paragraphGap - 4 < sealBox.y + sealBox.height + 12) page = startPage();
  const last = pages.length - 1;
  page.artifact((content) =>
    content.rectangle(sealBox.x, sealBox.y, sealBox.width, sealBox.height, {
      stroke: frame,
      lineWidth: 0.75,
    }),
  );
  section.kids.push(element('Form', [{ page: last, field: 0 }], { alt: seal.description }));
  const label = page.tagged('P', (content) =>
    content.text(sealBox.x, sealBox.y - 14, 10, fitToWidth(seal.label, 10, sealBox.width)),
  );
  section.kids.push(element('P', [{ page: last, mcid: label }]));
  const structure: StructureElement[] = [section];
  return {
    fonts,
    structure,
    pages: pages.map((content, index) => ({
      content: content.toBuffer(),
      fields:
        index === last ? [{ name: seal.name, box: sealBox, description: seal.description }] : [],
    })),
  };
}

/**
 * Writes `output`: `input` unchanged plus an update that appends an information page (more
 * when the lines need them) with the heading, the lines and one empty signature field for a
 * seal at the bottom of the last page, in embedded fonts and, in a tagged document, added to
 * the structure tree, so that earlier signatures stay valid.
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
    const { label, description = label } = options.sealField;
    const seal = { name, label, description };
    const pages = layoutInformationPages(target.mediaBox, options, seal, target.colorModel);
    update = await appendPagesUpdate(document, target, pages);
  } finally {
    await source.close();
  }
  if (options.input !== options.output) await copyFile(options.input, options.output);
  await appendFile(options.output, update);
}
