import { limits, type FieldIssue, type PersonalDataQuery } from '@esign/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/http.ts';

export type PersonalDataField = keyof PersonalDataQuery;
const fields: readonly string[] = ['IdentifierType', 'Identifier'] satisfies PersonalDataField[];

/** The server's refusal of a field (400 with issues), as the form shows it; [] for anything else. */
export function personalFieldIssuesOf(
  error: unknown,
): Array<FieldIssue & { path: PersonalDataField }> {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return (error.body?.issues ?? []).filter(
    (issue): issue is FieldIssue & { path: PersonalDataField } =>
      fields.includes(issue.path) && issue.key.startsWith('validation.'),
  );
}

/** A validation key's text; the identifier's length limit fills in {{n}}. */
export function translatePersonalIssue(t: TFunction, key: string): string {
  // The contract's validation keys are all in the catalogues (the catalogue test checks it).
  return t(key as 'validation.invalidValue', { n: limits.emailMaxLength });
}
