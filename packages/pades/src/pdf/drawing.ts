import { PdfName, type PdfDict } from './values.ts';
import { toWinAnsi } from './win-ansi.ts';

export type Rgb = readonly [number, number, number];

/** The standard Helvetica font with WinAnsiEncoding: every viewer has it, nothing is embedded. */
export function helveticaFont(): PdfDict {
  return new Map([
    ['Type', new PdfName('Font')],
    ['Subtype', new PdfName('Type1')],
    ['BaseFont', new PdfName('Helvetica')],
    ['Encoding', new PdfName('WinAnsiEncoding')],
  ]);
}

const number = (value: number) => String(Number(value.toFixed(2)));
const color = (rgb: Rgb) => rgb.map(number).join(' ');

/** A content stream (ISO 32000-1 §8-9) built from a few operations, each in its own graphics state. */
export class ContentBuilder {
  private readonly operations: string[] = [];

  /** Text in Helvetica (resource /F1) with its baseline starting at (x, y). */
  text(x: number, y: number, size: number, text: string, fill: Rgb = [0, 0, 0]): this {
    const hex = toWinAnsi(text).toString('hex');
    this.operations.push(
      `BT ${color(fill)} rg /F1 ${number(size)} Tf ${number(x)} ${number(y)} Td <${hex}> Tj ET`,
    );
    return this;
  }

  /** A rectangle, filled and/or stroked. */
  rectangle(
    x: number,
    y: number,
    width: number,
    height: number,
    paint: { fill?: Rgb; stroke?: Rgb; lineWidth?: number },
  ): this {
    const path = `${number(x)} ${number(y)} ${number(width)} ${number(height)} re`;
    const state = [
      paint.fill ? `${color(paint.fill)} rg` : '',
      paint.stroke ? `${color(paint.stroke)} RG ${number(paint.lineWidth ?? 1)} w` : '',
    ].filter(Boolean);
    const operator = paint.fill && paint.stroke ? 'B' : paint.fill ? 'f' : 'S';
    this.operations.push(`q ${state.join(' ')} ${path} ${operator} Q`);
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.from(`${this.operations.join('\n')}\n`, 'latin1');
  }
}
