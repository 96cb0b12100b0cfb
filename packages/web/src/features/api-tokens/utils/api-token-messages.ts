import { apiTokenErrorKeys, apiTokenLimits, errorKeys, validationKeys } from '@esign/contract';
import { ApiError } from '../../../lib/http.ts';

const fieldKeys = [
  validationKeys.required,
  validationKeys.maxLength,
  validationKeys.controlCharacter,
  apiTokenErrorKeys.expiryTooLong,
  apiTokenErrorKeys.scopeNotAllowed,
] as const;
export type ApiTokenFieldMessageKey =
  (typeof fieldKeys)[number] | typeof validationKeys.invalidValue;

/** The catalogue key of a field's message in the token form; anything unknown is 'invalid value'. */
export function apiTokenFieldMessageKey(key: string): ApiTokenFieldMessageKey {
  return fieldKeys.find((candidate) => candidate === key) ?? validationKeys.invalidValue;
}

/** The {{n}} of a field's message: the name's longest length, or the longest life in days. */
export function apiTokenMessageParams(field: string, maxDays: number): { n: number } {
  return { n: field === 'Name' ? apiTokenLimits.nameMaxLength : maxDays };
}

const formKeys = [
  apiTokenErrorKeys.scopeNotAllowed,
  errorKeys.tooManyRequests,
  errorKeys.forbidden,
  errorKeys.csrf,
  errorKeys.unauthorized,
  errorKeys.notFound,
] as const;
export type ApiTokenFormMessageKey = (typeof formKeys)[number] | typeof errorKeys.unexpected;

/** The message of a failed call that no field explains: the server's precise key when known. */
export function apiTokenFormMessageKey(error: unknown): ApiTokenFormMessageKey {
  if (!(error instanceof ApiError)) return errorKeys.unexpected;
  const key = error.body?.key ?? error.key;
  return formKeys.find((candidate) => candidate === key) ?? errorKeys.unexpected;
}
