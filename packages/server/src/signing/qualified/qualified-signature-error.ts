import { signingErrorKeys, type SigningErrorKey } from '@esign/contract';
import { AppError } from '../../errors/app-error.ts';

/**
 * A qualified signature could not be started or completed: 'validation' for a bad, used or
 * expired state, 'unavailable' when the trust service, the time-stamp authority or the
 * signature itself failed; the key is signing.errors.signingFailed unless a plainer one is given. returnToken, when known,
 * lets the route send the browser back to the signing page.
 */
export class QualifiedSignatureError extends AppError {
  readonly returnToken: string | null;

  constructor(
    returnToken: string | null,
    code: 'validation' | 'unavailable',
    cause: unknown,
    key: SigningErrorKey = signingErrorKeys.signingFailed,
  ) {
    super(code, { key, cause });
    this.returnToken = returnToken;
  }
}
