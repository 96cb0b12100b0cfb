export type ValidationDataErrorCode =
  /** A certificate's issuer could be found neither among the certificates at hand nor at its CA issuers URL. */
  | 'no-issuer'
  /** No revocation data could be had for a certificate. */
  | 'no-revocation-data'
  /** A certificate was revoked by the time it was used. */
  | 'revoked'
  /** The only revocation data to be had was issued before the certificate was used; try again at `retryAt`. */
  | 'not-yet-fresh';

/** Why validation data (PAdES B-LT) could not be collected, in words fit for an operator. */
export class ValidationDataError extends Error {
  override readonly name = 'ValidationDataError';

  readonly code: ValidationDataErrorCode;

  /** For 'not-yet-fresh': when the CA says it will publish again (its nextUpdate), if it says. */
  readonly retryAt: Date | null;

  constructor(code: ValidationDataErrorCode, message: string, retryAt: Date | null = null) {
    super(message);
    this.code = code;
    this.retryAt = retryAt;
  }
}
