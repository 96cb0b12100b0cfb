import {
  errorKeys,
  validationKeys,
  verifyErrorKeys,
  type ErrorKey,
  type ValidationKey,
  type VerifyErrorKey,
} from '@esign/contract';
import { ApiError } from '../../../lib/http.ts';

/** Every message key the verification page can show for a failed call; each has a translation. */
export type VerifyMessageKey = ErrorKey | ValidationKey | VerifyErrorKey;

export interface VerifyMessage {
  key: VerifyMessageKey;
  params?: Record<string, string | number>;
}

const translatedKeys: ReadonlySet<string> = new Set([
  ...Object.values(errorKeys),
  ...Object.values(validationKeys),
  ...Object.values(verifyErrorKeys),
]);

const isVerifyMessageKey = (key: string): key is VerifyMessageKey => translatedKeys.has(key);

/**
 * What to tell the visitor about a failed call: the file's issue (not a PDF, encrypted, too
 * large), else the server's own key (an unreadable PDF, too many files), else SPEC §8's.
 */
export function verifyMessageOf(error: unknown): VerifyMessage {
  if (!(error instanceof ApiError)) return { key: errorKeys.unexpected };
  const issue = error.body?.issues?.find((candidate) => isVerifyMessageKey(candidate.key));
  if (issue !== undefined && isVerifyMessageKey(issue.key))
    return { key: issue.key, params: issue.params };
  const bodyKey = error.body?.key;
  if (bodyKey !== undefined && isVerifyMessageKey(bodyKey)) return { key: bodyKey };
  return { key: error.key };
}
