import { signingErrorKeys, type SigningErrorKey } from '@esign/contract';

/** The query parameter the server's identification and trust-service callbacks add on failure. */
export const returnErrorParam = 'error';

const byShortName: Readonly<Record<string, SigningErrorKey>> = signingErrorKeys;
const fullKeys: ReadonlySet<string> = new Set(Object.values(signingErrorKeys));

function isSigningErrorKey(value: string): value is SigningErrorKey {
  return fullKeys.has(value);
}

/**
 * The error a return from identification (or the trust service) reports in `?error=`:
 * a full key (signing.errors.identityMismatch) or its short name (identityMismatch);
 * anything else still means identification failed. Null when there is no error.
 */
export function readReturnError(search: URLSearchParams): SigningErrorKey | null {
  const value = search.get(returnErrorParam)?.trim();
  if (value === undefined) return null;
  if (isSigningErrorKey(value)) return value;
  return Object.hasOwn(byShortName, value)
    ? (byShortName[value] ?? signingErrorKeys.identificationFailed)
    : signingErrorKeys.identificationFailed;
}

/** The same query without the error, so a reload or a shared address does not show it again. */
export function withoutReturnError(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(returnErrorParam);
  return rest;
}
