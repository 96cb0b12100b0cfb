import {
  accountErrorKeys,
  accountProfileMaxLength,
  errorKeys,
  limits,
  passwordPolicy,
  validationKeys,
} from '@esign/contract';
import { ApiError } from '../../../lib/http.ts';

const fieldKeys = [
  validationKeys.required,
  validationKeys.maxLength,
  validationKeys.invalidEmail,
  validationKeys.controlCharacter,
  ...Object.values(accountErrorKeys),
  'account.confirmMismatch',
] as const;
export type AccountFieldMessageKey =
  (typeof fieldKeys)[number] | typeof validationKeys.invalidValue;

/** The catalogue key of a field's message in the account forms; anything unknown is 'invalid value'. */
export function accountFieldMessageKey(key: string): AccountFieldMessageKey {
  return fieldKeys.find((candidate) => candidate === key) ?? validationKeys.invalidValue;
}

const maxLengths: Record<string, number> = {
  Email: limits.emailMaxLength,
  DisplayName: accountProfileMaxLength,
  Title: accountProfileMaxLength,
  Organisation: accountProfileMaxLength,
};

/** The {{n}} of a field's message: the longest length the field takes, or the shortest password. */
export function fieldMessageParams(field: string, key: string): { n: number } {
  if (key === validationKeys.maxLength) return { n: maxLengths[field] ?? passwordPolicy.maxLength };
  return { n: passwordPolicy.minLength };
}

const formKeys = [
  accountErrorKeys.demoAccount,
  accountErrorKeys.cannotRemoveSelf,
  accountErrorKeys.lastAdministrator,
  errorKeys.tooManyRequests,
  errorKeys.forbidden,
  errorKeys.csrf,
  errorKeys.unauthorized,
  errorKeys.notFound,
] as const;
export type AccountFormMessageKey = (typeof formKeys)[number] | typeof errorKeys.unexpected;

/** The message of a failed call that no field explains: the server's precise key when known. */
export function accountFormMessageKey(error: unknown): AccountFormMessageKey {
  if (!(error instanceof ApiError)) return errorKeys.unexpected;
  const key = error.body?.key ?? (error.status === 429 ? errorKeys.tooManyRequests : error.key);
  return formKeys.find((candidate) => candidate === key) ?? errorKeys.unexpected;
}
