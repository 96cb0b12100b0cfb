import type { PdfDocument } from '../pdf/document.ts';
import { isFreeEntry, type XrefEntry } from '../pdf/xref-entry.ts';
import { PdfError, PdfRef, type PdfValue } from '../pdf/values.ts';
import { changeContext, classifyChange, describeChange, type Change } from './change-rules.ts';

/** What the incremental updates after a signature changed. */
export interface LaterChanges {
  /** Signatures added after it (PAdES allows them). */
  signatures: number;
  /** Document time stamps added after it (allowed). */
  documentTimestamps: number;
  /** Validation data (a /DSS) added or extended after it (allowed). */
  validationData: boolean;
  /** Embedded files added after it (the catalog's /Names /EmbeddedFiles; EU DSS allows them). */
  embeddedFiles: boolean;
  /**
   * Changes EU DSS calls undefined (its default policy warns): the catalog's /AF that lists an
   * associated file. Reported, but not a modification that fails the signature.
   */
  undefinedChanges: string[];
  /** Any other change, one line per object: pages, annotations, content, form values... */
  other: string[];
}

const maxChanges = 5_000;
const maxListed = 20;
const maxWalk = 20_000;

function sameEntry(a: XrefEntry | undefined, b: XrefEntry | undefined): boolean {
  if (!a || !b || a.type !== b.type) return false;
  if (a.type === 'offset' && b.type === 'offset') return a.offset === b.offset && a.gen === b.gen;
  return (
    a.type === 'compressed' &&
    b.type === 'compressed' &&
    a.stream === b.stream &&
    a.index === b.index
  );
}

const inUse = (entry: XrefEntry | undefined) => entry !== undefined && !isFreeEntry(entry);

/** The objects whose current definition differs from the earlier revision's, old and new values. */
async function changesBetween(before: PdfDocument, after: PdfDocument) {
  const changes: Change[] = [];
  const removed: number[] = [];
  for (const [num, entry] of after.entries) {
    const old = before.entries.get(num);
    const moved =
      !sameEntry(old, entry) ||
      (entry.type === 'compressed' &&
        !sameEntry(before.entries.get(entry.stream), after.entries.get(entry.stream)));
    if (!moved) continue;
    if (!inUse(entry)) {
      if (inUse(old)) removed.push(num);
      continue;
    }
    if (changes.length >= maxChanges) throw new PdfError('too many objects changed to judge');
    const ref = new PdfRef(num, 0);
    changes.push({
      num,
      before: inUse(old) ? await before.getObject(ref) : null,
      after: await after.getObject(ref),
    });
  }
  return { changes, removed };
}

/** Follows references from the allowed objects' values, allowing the changed objects they reach. */
function allowReachable(roots: PdfValue[], pending: Map<number, Change>): void {
  const queue = [...roots];
  for (let steps = 0; queue.length > 0 && steps < maxWalk; steps += 1) {
    const value = queue.pop();
    if (value instanceof PdfRef) {
      const change = pending.get(value.num);
      if (!change) continue;
      pending.delete(value.num);
      queue.push(change.after);
    } else if (Array.isArray(value)) queue.push(...value);
    else if (value instanceof Map) queue.push(...value.values());
  }
}

/**
 * What the updates between the signed revision `before` and the document `after` changed:
 * signatures, document time stamps and validation data (all PAdES allows after a signature),
 * and anything else, described per object.
 */
export async function laterChanges(before: PdfDocument, after: PdfDocument): Promise<LaterChanges> {
  const result: LaterChanges = {
    signatures: 0,
    documentTimestamps: 0,
    validationData: false,
    embeddedFiles: false,
    undefinedChanges: [],
    other: [],
  };
  const { changes, removed } = await changesBetween(before, after);
  const context = await changeContext(after);
  const pending = new Map<number, Change>();
  const roots: PdfValue[] = [];
  for (const change of changes) {
    const verdict = await classifyChange(change, context);
    if (verdict.kind === 'signature') result.signatures += 1;
    if (verdict.kind === 'document-timestamp') result.documentTimestamps += 1;
    const extra: { validationData?: boolean; embeddedFile?: boolean; undefinedChange?: string } =
      verdict.kind === 'other' || verdict.kind === 'unclaimed' ? {} : verdict;
    if (verdict.kind === 'validation-data' || extra.validationData) result.validationData = true;
    if (verdict.kind === 'embedded-file' || extra.embeddedFile) result.embeddedFiles = true;
    if (extra.undefinedChange) result.undefinedChanges.push(extra.undefinedChange);
    if (verdict.kind === 'other') result.other.push(verdict.description);
    if (verdict.kind === 'unclaimed') pending.set(change.num, change);
    roots.push(...verdict.reaches);
  }
  allowReachable(roots, pending);
  for (const change of pending.values()) result.other.push(describeChange(change));
  for (const num of removed) result.other.push(`object ${num} removed`);
  if (result.other.length > maxListed)
    result.other = [
      ...result.other.slice(0, maxListed),
      `and ${result.other.length - maxListed} more`,
    ];
  return result;
}
