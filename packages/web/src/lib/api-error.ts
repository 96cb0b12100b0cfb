import { ErrorBody, errorMessages, type ErrorKey } from '@esign/contract';

/** The one error every failed call raises (SPEC §8); `key` is the message key to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: ErrorKey;
  readonly responseText: string;
  readonly headers: Headers;
  /** The server's error body when it sent one, e.g. for field issues. */
  readonly body: ErrorBody | undefined;

  constructor(status: number, key: ErrorKey, responseText: string, headers: Headers) {
    super(errorMessages[key]);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.responseText = responseText;
    this.headers = headers;
    this.body = parseErrorBody(responseText);
  }
}

/** The field issues of a failed call: path and message key, in the order the server sent them. */
export function fieldIssuesOf(error: unknown): Array<{ path: string; key: string }> {
  if (!(error instanceof ApiError)) return [];
  return (error.body?.issues ?? []).map(({ path, key }) => ({ path, key }));
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
