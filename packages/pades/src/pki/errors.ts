export type PkiErrorCode =
  | 'wrong-passphrase'
  | 'unencrypted-key'
  | 'corrupt-store'
  | 'store-conflict'
  | 'invalid-name'
  | 'invalid-input'
  | 'wrong-password'
  | 'invalid-pkcs12';

/** Every failure of the PKI module: a code to branch on and a message fit for an operator. */
export class PkiError extends Error {
  override readonly name = 'PkiError';

  readonly code: PkiErrorCode;

  constructor(code: PkiErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
