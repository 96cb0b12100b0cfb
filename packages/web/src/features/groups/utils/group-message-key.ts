import { groupIssueKeys, validationKeys } from '@esign/contract';

const known = [
  validationKeys.required,
  validationKeys.maxLength,
  groupIssueKeys.nameTaken,
  groupIssueKeys.unknownUser,
] as const;
export type GroupMessageKey = (typeof known)[number] | typeof validationKeys.invalidValue;

/** The catalogue key for a field message of group management; anything unknown is 'invalid value'. */
export function groupMessageKey(key: string): GroupMessageKey {
  return known.find((candidate) => candidate === key) ?? validationKeys.invalidValue;
}
