import type { FontFace } from './font-program.ts';
import type { FontSubsets } from './font-subset.ts';
import type { ColorModel } from './output-intent.ts';

export type Rgb = readonly [number, number, number];

const number = (value: number) => String(Number(value.toFixed(2)));

/** The operator that sets an RGB colour in a device colour space, for filling or stroking. */
function setColor(rgb: Rgb, model: ColorModel, stroke: boolean): string {
  const [r, g, b] = rgb;
  const operator = (fill: string) => (stroke ? fill.toUpperCase() : fill);
  if (model === 'gray') return `${number(0.299 * r + 0.587 * g + 0.114 * b)} ${operator('g')}`;
  if (model === 'rgb') return `${[r, g, b].map(number).join(' ')} ${operator('rg')}`;
  const black = 1 - Math.max(r, g, b);
  const ink = (value: number) => (black >= 1 ? 0 : (1 - value - black) / (1 - black));
  return `${[ink(r), ink(g), ink(b), black].map(number).join(' ')} ${operator('k')}`;
}
const tagName = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * A content stream (ISO 32000-1 §8-9) built from a few operations, each in its own graphics
 * state, with text in the embedded fonts of `fonts` and optional marked content (§14.6) that
 * ties what is drawn to a structure element by its MCID.
 */
export class ContentBuilder {
  private readonly operations: string[] = [];
  private readonly fonts: FontSubsets;
  private readonly colorModel: ColorModel;
  private nextMcid = 0;

  /** Colours are given as RGB and written in `colorModel`, the one the document allows. */
  constructor(fonts: FontSubsets, colorModel: ColorModel = 'rgb') {
    this.fonts = fonts;
    this.colorModel = colorModel;
  }

  /** Text with its baseline starting at (x, y), in the regular face unless told. */
  text(
    x: number,
    y: number,
    size: number,
    text: string,
    style: { fill?: Rgb; face?: FontFace } = {},
  ): this {
    const face = style.face ?? 'regular';
    const hex = this.fonts.encode(face, text);
    const font = this.fonts.resourceName(face);
    this.operations.push(
      `BT ${setColor(style.fill ?? [0, 0, 0], this.colorModel, false)} /${font} ${number(size)} Tf ${number(x)} ${number(y)} Td <${hex}> Tj ET`,
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
      paint.fill ? setColor(paint.fill, this.colorModel, false) : '',
      paint.stroke
        ? `${setColor(paint.stroke, this.colorModel, true)} ${number(paint.lineWidth ?? 1)} w`
        : '',
    ].filter(Boolean);
    const operator = paint.fill && paint.stroke ? 'B' : paint.fill ? 'f' : 'S';
    this.operations.push(`q ${state.join(' ')} ${path} ${operator} Q`);
    return this;
  }

  /** Draws into a marked-content sequence tagged `tag`; answers its MCID, 0, 1, ... per stream. */
  tagged(tag: string, draw: (content: this) => void): number {
    if (!tagName.test(tag)) throw new Error(`not a structure type: ${tag}`);
    const mcid = this.nextMcid++;
    this.operations.push(`/${tag} <</MCID ${mcid}>> BDC`);
    draw(this);
    this.operations.push('EMC');
    return mcid;
  }

  /** Draws a pagination or layout artifact (rules, frames) that is no part of the text. */
  artifact(draw: (content: this) => void): this {
    this.operations.push('/Artifact BMC');
    draw(this);
    this.operations.push('EMC');
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.from(`${this.operations.join('\n')}\n`, 'latin1');
  }
}
