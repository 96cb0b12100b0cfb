import {
  accountErrorMessages,
  apiTokenErrorMessages,
  bulkErrorMessages,
  errorKeys,
  errorMessages,
  groupErrorMessages,
  signingErrorMessages,
  verifyErrorMessages,
  webhookErrorMessages,
  type AccountErrorKey,
  type ApiTokenErrorKey,
  type BulkErrorKey,
  type ErrorKey,
  type FieldIssue,
  type GroupErrorKey,
  type SigningErrorKey,
  type SignFlowState,
  type Template,
  type VerifyErrorKey,
  type WebhookErrorKey,
} from '@esign/contract';

/** Every failure the API reports by design, with its HTTP status and SPEC §8 message key. */
export const errorTable = {
  validation: { status: 400, key: errorKeys.checkInput },
  unauthorized: { status: 401, key: errorKeys.unauthorized },
  invalidCredentials: { status: 401, key: errorKeys.invalidCredentials },
  loginExpired: { status: 400, key: errorKeys.loginExpired },
  forbidden: { status: 403, key: errorKeys.forbidden },
  csrf: { status: 403, key: errorKeys.csrf },
  scope: { status: 403, key: errorKeys.scope },
  twoCredentials: { status: 400, key: errorKeys.twoCredentials },
  notFound: { status: 404, key: errorKeys.notFound },
  conflict: { status: 409, key: errorKeys.checkInput },
  payloadTooLarge: { status: 413, key: errorKeys.checkInput },
  unsupportedMediaType: { status: 415, key: errorKeys.checkInput },
  tooManyRequests: { status: 429, key: errorKeys.tooManyRequests },
  unavailable: { status: 503, key: errorKeys.unavailable },
  internal: { status: 500, key: errorKeys.unexpected },
} as const satisfies Record<string, { status: number; key: ErrorKey }>;

export type ErrorCode = keyof typeof errorTable;

/** Keys more precise than a code's own, with their English texts. */
type PreciseErrorKey =
  | SigningErrorKey
  | GroupErrorKey
  | AccountErrorKey
  | VerifyErrorKey
  | ApiTokenErrorKey
  | WebhookErrorKey
  | BulkErrorKey;
const preciseMessages: Record<PreciseErrorKey, string> = {
  ...signingErrorMessages,
  ...groupErrorMessages,
  ...accountErrorMessages,
  ...verifyErrorMessages,
  ...apiTokenErrorMessages,
  ...webhookErrorMessages,
  ...bulkErrorMessages,
};

/** An error meant for the caller: its code picks the status and the translated message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  /** A more precise message key than the code's own (the signer's side, group conflicts). */
  readonly key: ErrorKey | PreciseErrorKey;
  /** For a lost race: the flow's state (or the template) now, sent beside the error. */
  readonly current: SignFlowState | Template | undefined;

  constructor(
    code: ErrorCode,
    options: {
      issues?: FieldIssue[];
      cause?: unknown;
      key?: PreciseErrorKey;
      current?: SignFlowState | Template;
    } = {},
  ) {
    super(options.key ? preciseMessages[options.key] : errorMessages[errorTable[code].key], {
      cause: options.cause,
    });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.key = options.key ?? errorTable[code].key;
    this.current = options.current;
  }

  get status(): number {
    return errorTable[this.code].status;
  }
}
