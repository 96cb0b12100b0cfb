import { basename } from 'node:path';
import type { DetectedType } from './content-type.ts';

// Characters that change how a name reads without being seen: controls (C0, C1), bidi marks,
// embeddings, overrides and isolates, zero-width spaces, the byte order mark and the other
// format characters (Cf), line and paragraph separators. The zero-width joiner and non-joiner
// stay: Persian, Indic scripts and emoji need them, and they reorder nothing.
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const joiners = new Set(['\u200c', '\u200d']);

/**
 * The name a file is kept and shown under: the last part of a path the browser may send
 * (C:\fakepath\x.pdf), in NFC, without invisible characters (`x\u202efdp.js`, which shows as
 * `xsj.pdf`, becomes `xfdp.js`), trimmed.
 */
export function cleanFileName(raw: string): string {
  const last = basename(raw.replaceAll('\\', '/')).normalize('NFC');
  return last.replace(invisible, (character) => (joiners.has(character) ? character : '')).trim();
}

// Other spellings of an extension that name the same type (file-type gives the first).
const sameExtensions: Record<string, string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe'],
  tif: ['tif', 'tiff'],
};

/**
 * `fileName` with an extension that matches the type read from its content: kept when it
 * already does, else the last extension replaced (or one added) and the base name kept, cut
 * so the whole stays within `maxLength`. So `page.html` or `script.js` detected as text is
 * kept as `page.txt` or `script.txt`, and a viewer opens it as what it is.
 */
export function nameForType(fileName: string, type: DetectedType, maxLength: number): string {
  const dot = fileName.lastIndexOf('.');
  const current = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const accepted = sameExtensions[type.extension] ?? [type.extension];
  if (accepted.includes(current)) return fileName;
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base.slice(0, Math.max(1, maxLength - type.extension.length - 1))}.${type.extension}`;
}
