import type { PdfDocument } from './document.ts';
import { FontSubsets } from './font-subset.ts';
import type { FormField } from './form-fields.ts';
import type { DictionaryText } from './dictionary-text.ts';
import { readCatalog, type NewObject } from './incremental-update.ts';
import { readDictionaryObject, rewrittenObject } from './object-rewrite.ts';
import { deviceColorModel } from './output-intent.ts';
import { formatUtcMinute, rectangleSize, signatureAppearance } from './signature-appearance.ts';
import type { SignatureFieldOptions } from './signature-field-options.ts';
import { isDict, isRef, nameOf, PdfError, type PdfRef } from './values.ts';

/** The appearance's lines: the caller's first line (or /Name), the signing time, the rest. */
function appearanceLines(options: SignatureFieldOptions): string[] {
  const [first = options.name ?? '', ...rest] = options.appearance?.lines ?? [];
  return [first, formatUtcMinute(options.signingTime), ...rest].filter((line) => line !== '');
}

/**
 * The objects that put a signature into an existing empty signature field: the field with
 * /V, and each of its widgets (itself when merged) with a drawn normal appearance; every
 * other byte of them stays as written.
 * Refuses a field that is signed already or is not a signature field.
 */
export async function fillEmptySignatureField(
  document: PdfDocument,
  field: FormField,
  signature: PdfRef,
  allocate: () => PdfRef,
  options: SignatureFieldOptions,
): Promise<NewObject[]> {
  if (field.type !== 'Sig') throw new PdfError(`field ${field.fullName} is not a signature field`);
  if ((await document.resolve(field.dict.get('V'))) !== null)
    throw new PdfError(`field ${field.fullName} is already signed`);
  if (!field.ref) throw new PdfError(`field ${field.fullName} is not an indirect object`);

  const objects: NewObject[] = [];
  const lines = appearanceLines(options);
  const colorModel = await deviceColorModel(document, (await readCatalog(document)).dict);
  // The fonts are written after every appearance is drawn, into the /Font dictionary all share.
  let fonts: { subsets: FontSubsets; resources: PdfRef } | undefined;
  // Gives a widget with a size a drawn normal appearance; its other keys stay as written.
  const drawOn = (widget: DictionaryText): DictionaryText => {
    const size = rectangleSize(widget.value.get('Rect'));
    if (!size) return widget;
    fonts ??= { subsets: new FontSubsets(), resources: allocate() };
    const appearance = allocate();
    const drawn = signatureAppearance(size, lines, fonts, colorModel);
    objects.push({ ref: appearance, value: drawn });
    return widget.set('AP', new Map([['N', appearance]]));
  };

  const fieldText = (await readDictionaryObject(document, field.ref)).set('V', signature);
  const merged = nameOf(field.dict.get('Subtype')) === 'Widget' || field.dict.has('Rect');
  objects.push(rewrittenObject(field.ref, merged ? drawOn(fieldText) : fieldText));
  const kids = await document.resolve(field.dict.get('Kids'));
  for (const kid of Array.isArray(kids) ? kids : []) {
    const widget = await document.resolve(kid);
    // Kids with a name are fields of their own; only unnamed kids are this field's widgets.
    if (
      isRef(kid) &&
      isDict(widget) &&
      !widget.has('T') &&
      nameOf(widget.get('Subtype')) === 'Widget'
    )
      objects.push(rewrittenObject(kid, drawOn(await readDictionaryObject(document, kid))));
  }
  if (fonts) {
    const written = fonts.subsets.write(allocate);
    objects.push({ ref: fonts.resources, value: written.resources }, ...written.objects);
  }
  return objects;
}
