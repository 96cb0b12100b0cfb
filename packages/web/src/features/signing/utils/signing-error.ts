import {
  errorKeys,
  signingErrorKeys,
  validationKeys,
  type ErrorKey,
  type SigningErrorKey,
  type ValidationKey,
} from '@esign/contract';
import { ApiError } from '../../../lib/http.ts';

/** The messages of the request schemas' zod checks (contract's signing.ts). */
export const signingValidationKeys = {
  codeFormat: 'signing.codeFormat',
  mustRead: 'signing.mustRead',
  commentRequired: 'signing.commentRequired',
} as const;

/** Every message key the signing page can show for a failed call; each has a translation. */
export type SigningMessageKey =
  | SigningErrorKey
  | ErrorKey
  | ValidationKey
  | (typeof signingValidationKeys)[keyof typeof signingValidationKeys];

export interface SigningMessage {
  key: SigningMessageKey;
  params?: Record<string, string | number>;
}

const translatedKeys: ReadonlySet<string> = new Set([
  ...Object.values(signingErrorKeys),
  ...Object.values(errorKeys),
  ...Object.values(validationKeys),
  ...Object.values(signingValidationKeys),
]);

export function isSigningMessageKey(key: string): key is SigningMessageKey {
  return translatedKeys.has(key);
}

/**
 * What to tell the signer about a failed call: the first field issue the app can translate,
 * else the server's own key (e.g. signing.errors.codeWrong), else the generic key of SPEC §8.
 */
export function signingMessageOf(error: unknown): SigningMessage {
  if (!(error instanceof ApiError)) return { key: errorKeys.unexpected };
  const issue = error.body?.issues?.find((candidate) => isSigningMessageKey(candidate.key));
  if (issue !== undefined && isSigningMessageKey(issue.key))
    return { key: issue.key, params: issue.params };
  const bodyKey = error.body?.key;
  if (bodyKey !== undefined && isSigningMessageKey(bodyKey)) return { key: bodyKey };
  return { key: error.key };
}

/** A signing link the server does not know (or no longer knows) answers 404. */
export function isLinkInvalid(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || error.body?.key === signingErrorKeys.linkInvalid;
}

// These answers mean the task moved on (or the signer's identification lapsed) since it was loaded.
const staleTaskKeys: ReadonlySet<string> = new Set([
  signingErrorKeys.notYourTurn,
  signingErrorKeys.alreadyDone,
  signingErrorKeys.flowEnded,
  signingErrorKeys.notAuthenticated,
  // The link locked, or another code went out: the task tells which and for how long.
  signingErrorKeys.linkLocked,
  signingErrorKeys.codeWait,
]);

/** True when the page should reload the task to show where it now stands. */
export function showsStaleTask(message: SigningMessage): boolean {
  return staleTaskKeys.has(message.key);
}

/** After these, the code cannot be used any more and the signer needs a new one. */
export function needsNewCode(message: SigningMessage | null): boolean {
  return (
    message?.key === signingErrorKeys.codeExpired || message?.key === signingErrorKeys.codeTriesUsed
  );
}
