import { signingErrorKeys } from '@esign/contract';
import { AppError } from '../../errors/app-error.ts';

/**
 * A signer's identification failed (bad, used or expired state, refused exchange). It is
 * the AppError 'validation' with the key signing.errors.identificationFailed; returnToken,
 * when the state was still known, lets the route send the browser back to the signing page.
 */
export class SignerIdentificationError extends AppError {
  readonly returnToken: string | null;

  constructor(returnToken: string | null, cause: unknown) {
    super('validation', { key: signingErrorKeys.identificationFailed, cause });
    this.returnToken = returnToken;
  }
}
