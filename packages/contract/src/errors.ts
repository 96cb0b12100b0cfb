import { z } from 'zod';
import { SignFlowDetailsStatus, SignFlowStatus } from './enums.ts';

/** Message keys of SPEC §8; the web app translates them, the server sends English text beside them. */
export const errorKeys = {
  unexpected: 'errors.unexpected',
  notFound: 'errors.notFound',
  checkInput: 'errors.checkInput',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
  csrf: 'errors.csrf',
  tooManyRequests: 'errors.tooManyRequests',
  unavailable: 'errors.unavailable',
  invalidCredentials: 'errors.invalidCredentials',
  loginExpired: 'errors.loginExpired',
  /** An API token without the scope the call needs. */
  scope: 'errors.scope',
  /** A request with both a session cookie and a bearer token: which one acts is unclear. */
  twoCredentials: 'errors.twoCredentials',
} as const;
export type ErrorKey = (typeof errorKeys)[keyof typeof errorKeys];

/** The English texts of SPEC §8 for the keys above. */
export const errorMessages: Record<ErrorKey, string> = {
  'errors.unexpected': 'An unexpected server error occurred.',
  'errors.notFound': 'Not Found',
  'errors.checkInput':
    "Check your input and try again. If this doesn't help, please contact system administrator.",
  'errors.unauthorized': 'You must sign in to do this.',
  'errors.forbidden': 'You are not allowed to do this.',
  'errors.csrf': 'The request could not be verified. Reload the page and try again.',
  'errors.tooManyRequests': 'Too many attempts. Wait a moment and try again.',
  'errors.unavailable': 'The service is not available right now. Try again in a moment.',
  'errors.invalidCredentials': 'The e-mail address or the password is wrong.',
  'errors.loginExpired': 'The login took too long. Start the login again.',
  'errors.scope': "The API token's scopes do not allow this call.",
  'errors.twoCredentials': 'Send either a session cookie or an API token, not both.',
};

/** One field's problem, with a validation message key of SPEC §5 and its parameters. */
export const FieldIssue = z.object({
  path: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

/**
 * A sign flow's state as it is now: a 409 for a request that lost a race with another
 * change of the flow (a send, a save, a signature, a cancel) carries it, so the client can
 * show what happened instead of what it expected.
 */
export const SignFlowState = z.object({
  Guid: z.string(),
  Status: SignFlowStatus,
  SignFlowDetailsStatus: SignFlowDetailsStatus.nullable(),
});
export type SignFlowState = z.infer<typeof SignFlowState>;

/** Every error the API sends has this JSON body. */
export const ErrorBody = z.object({
  status: z.number().int(),
  key: z.string(),
  message: z.string(),
  issues: z.array(FieldIssue).optional(),
  current: SignFlowState.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The 409 of a call on one sign flow that lost to the flow's state (not a draft any more, sent,
 * signed, cancelled meanwhile): `current` is always there, read when the call lost.
 */
export const FlowConflictBody = ErrorBody.extend({ current: SignFlowState });
export type FlowConflictBody = z.infer<typeof FlowConflictBody>;
