import { PdfName, PdfRef, PdfString, type PdfValue } from './values.ts';

const regularName = /^[!-~]$/;
const delimiterChars = '()<>[]{}/%#';

/** A name as PDF writes it: '/' and its characters, '#xx' for those that need escaping. */
export function serializeName(name: string): string {
  let out = '/';
  for (const char of name) {
    const code = char.charCodeAt(0);
    out +=
      regularName.test(char) && !delimiterChars.includes(char)
        ? char
        : `#${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}

function serializeNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
}

/** Writes a value in PDF syntax (latin1 text; strings as hex, which needs no escaping). */
export function serialize(value: PdfValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return serializeNumber(value);
  if (value instanceof PdfName) return serializeName(value.name);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfString) return `<${value.bytes.toString('hex')}>`;
  if (Array.isArray(value)) return `[${value.map(serialize).join(' ')}]`;
  let out = '<<';
  for (const [key, item] of value) out += `${serializeName(key)} ${serialize(item)}`;
  return `${out}>>`;
}

/** A text string as PDF wants it: UTF-16BE with a byte-order mark when not plain ASCII. */
export function textString(text: string): PdfString {
  if (/^[\x20-\x7e]*$/.test(text)) return new PdfString(Buffer.from(text, 'latin1'), true);
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return new PdfString(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]), true);
}

/** A PDF date (D:YYYYMMDDHHmmSS+00'00'), always in UTC. */
export function pdfDate(date: Date): PdfString {
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}+00'00'`;
  return new PdfString(Buffer.from(text, 'latin1'), false);
}

/** Reads a text string: UTF-16BE after a byte-order mark, otherwise single bytes. */
export function readTextString(value: PdfString): string {
  const { bytes } = value;
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** Reads a PDF date (D:YYYYMMDDHHmmSSOHH'mm', later parts optional); null when it is none. */
export function parsePdfDate(value: PdfString): Date | null {
  const match =
    /^(?:D:)?(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?(?:([+-])(\d\d)'?(\d\d)?'?|Z'?(?:00'?(?:00'?)?)?)?$/.exec(
      value.bytes.toString('latin1').trim(),
    );
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00'] = match;
  const sign = match[7] === '-' ? -1 : 1;
  const offset = sign * (Number(match[8] ?? 0) * 60 + Number(match[9] ?? 0));
  const time = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return Number.isNaN(time) ? null : new Date(time - offset * 60_000);
}
