import { z } from 'zod';
import { validationKeys as v } from './validation.ts';

// Unicode's control characters (C0, DEL, C1) other than tab and line feed. PostgreSQL refuses
// NUL in text while SQLite stores it, and none of them belongs in what people type: refusing
// them at the edge makes both databases answer alike.
// eslint-disable-next-line no-control-regex
const lineControls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// A textarea may also send carriage returns (CRLF line ends).
// eslint-disable-next-line no-control-regex
const textareaControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when the text holds no control character but tab and line feed (and CR when multiline). */
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? textareaControls : lineControls).test(value);
}

/**
 * The one refinement every text field of a request carries (`.check(plainText())`): control
 * characters other than tab and newline are refused with `validation.controlCharacter`;
 * `multiline` also lets the carriage return of a textarea through.
 */
export function plainText(options: { multiline?: boolean } = {}) {
  return z.refine<string>((value) => isPlainText(value, options), v.controlCharacter);
}

/** An identifier a form may leave empty (a new signer's Guid, no group). */
export const OptionalRecordId = z.string().max(64).check(plainText());
/** An identifier in a path, query or body (flow, signer, file, group, user). */
export const RecordId = OptionalRecordId.min(1);
