import type { PdfDocument } from './document.ts';
import { isDict, nameOf, numberOf, type PdfDict } from './values.ts';

/** The device colour space drawing may use: DeviceRGB, DeviceCMYK or DeviceGray. */
export type ColorModel = 'rgb' | 'cmyk' | 'gray';

/**
 * The device colours a document allows new drawing in. A PDF/A file may use DeviceRGB only
 * with an RGB output intent and DeviceCMYK only with a CMYK one, DeviceGray with any
 * (ISO 19005-2 §6.2.4.3): so the profile's number of components decides, RGB when the
 * document has no PDF/A output intent.
 */
export async function deviceColorModel(
  document: PdfDocument,
  catalog: PdfDict,
): Promise<ColorModel> {
  const intents = await document.resolve(catalog.get('OutputIntents'));
  for (const item of Array.isArray(intents) ? intents : []) {
    const intent = await document.resolve(item);
    if (!isDict(intent) || nameOf(intent.get('S')) !== 'GTS_PDFA1') continue;
    const profile = await document.resolve(intent.get('DestOutputProfile'));
    const components = isDict(profile)
      ? numberOf(await document.resolve(profile.get('N')))
      : undefined;
    return components === 3 ? 'rgb' : components === 4 ? 'cmyk' : 'gray';
  }
  return 'rgb';
}
