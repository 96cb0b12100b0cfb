// RFC 3161 time stamps: a client for an external TSA, the portal's own responder, token checks.
export type { TimestampHashAlgorithm } from './algorithms.ts';
export { requestLocalTimestamp, requestTimestamp, type RequestTimestampOptions } from './client.ts';
export { TimestampError, type TimestampErrorCode } from './errors.ts';
export {
  createTimestampRequest,
  type TimestampRequest,
  type TimestampRequestOptions,
} from './request.ts';
export {
  createTimestampResponder,
  placeholderTimestampPolicy,
  type TimestampResponder,
  type TimestampResponderOptions,
} from './responder.ts';
export {
  verifyTimestampToken,
  type TimestampTokenReport,
  type VerifyTimestampTokenOptions,
} from './verify-token.ts';
