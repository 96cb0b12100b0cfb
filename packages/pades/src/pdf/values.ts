/** PDF objects as the parser reads them (ISO 32000-1 §7.3). */
export class PdfName {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

export class PdfRef {
  readonly num: number;
  readonly gen: number;
  constructor(num: number, gen: number) {
    this.num = num;
    this.gen = gen;
  }
  toString() {
    return `${this.num} ${this.gen} R`;
  }
}

export class PdfString {
  readonly bytes: Buffer;
  readonly hex: boolean;
  constructor(bytes: Buffer, hex: boolean) {
    this.bytes = bytes;
    this.hex = hex;
  }
}

export type PdfDict = Map<string, PdfValue>;

export interface PdfStream {
  dict: PdfDict;
  /** Offset of the stream's first data byte in the buffer it was parsed from. */
  dataStart: number;
}

export type PdfValue =
  number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;

export class PdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfError';
  }
}

export const isDict = (value: PdfValue | undefined): value is PdfDict => value instanceof Map;
export const isRef = (value: PdfValue | undefined): value is PdfRef => value instanceof PdfRef;
export const nameOf = (value: PdfValue | undefined) =>
  value instanceof PdfName ? value.name : undefined;
export const numberOf = (value: PdfValue | undefined) =>
  typeof value === 'number' ? value : undefined;
