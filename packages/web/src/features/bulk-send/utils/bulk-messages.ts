import { bulkCsvHeaders, type Language } from '@esign/contract';
import type fi from '../../../locales/fi.json';

type Catalogue = typeof fi;
/** The message keys a problem or a failed row can carry, as the catalogues hold them. */
export type BulkMessageKey =
  | `validation.${keyof Catalogue['validation']}`
  | `bulk.errors.${keyof Catalogue['bulk']['errors']}`
  | `bulk.failures.${keyof Catalogue['bulk']['failures']}`
  | `errors.${keyof Catalogue['errors']}`;

/**
 * The key to show for a key the server sent: itself when the catalogue has it, else the
 * fallback (a key from a newer server still says something true).
 */
export function bulkMessageKey(
  key: string,
  exists: (key: string) => boolean,
  fallback: BulkMessageKey,
): BulkMessageKey {
  return /^(validation|bulk\.errors|bulk\.failures|errors)\.\w+$/.test(key) && exists(key)
    ? (key as BulkMessageKey)
    : fallback;
}

/**
 * The CSV template of a template's roles in the user's language: Excel's own delimiter for
 * it (';' in Finnish and Swedish, ',' in English) and a BOM so that Excel reads åäö right.
 */
export function csvTemplateOf(roles: readonly string[], language: Language): Blob {
  const delimiter = language === 'en' ? ',' : ';';
  const quote = (cell: string) =>
    /[",;\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  const header = bulkCsvHeaders(roles, language).map(quote).join(delimiter);
  return new Blob(['\uFEFF', `${header}\r\n`], { type: 'text/csv;charset=utf-8' });
}
