import { errorKeys, type ErrorKey } from '@esign/contract';
import { ApiError } from '../../../lib/http.ts';

/** The SPEC §8 message key to show for a failed call; anything that is not an ApiError is unexpected. */
export function errorKeyOf(error: unknown): ErrorKey {
  return error instanceof ApiError ? error.key : errorKeys.unexpected;
}
