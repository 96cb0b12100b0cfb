/**
 * Why a time stamp could not be had:
 * - `timeout`: no acceptable reply within the time allowed (retries included);
 * - `unavailable`: network errors or HTTP 5xx on every attempt;
 * - `http`: an HTTP status other than 200 and 5xx, or a reply that is not `application/timestamp-reply`;
 * - `refused`: the TSA answered with a PKIStatus other than granted;
 * - `malformed`: the reply or token is not valid RFC 3161 / CMS;
 * - `mismatch`: the token is for another imprint or nonce than the one we sent;
 * - `invalid-signature`: the token's signature does not verify against the certificate it carries;
 * - `unsupported`: the token uses an algorithm this code cannot check.
 */
export type TimestampErrorCode =
  | 'timeout'
  | 'unavailable'
  | 'http'
  | 'refused'
  | 'malformed'
  | 'mismatch'
  | 'invalid-signature'
  | 'unsupported';

/** A time-stamping failure with a machine-readable code and a message naming the TSA and the cause. */
export class TimestampError extends Error {
  override readonly name = 'TimestampError';

  readonly code: TimestampErrorCode;

  constructor(code: TimestampErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
