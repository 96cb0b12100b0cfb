import { errorKeys } from '@esign/contract';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export { ApiError };

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** A FormData body goes as multipart; anything else is sent as JSON. */
  body?: unknown;
  /** For get, send, cancel and signingurl: a 404 means 'Not Found' rather than a server error. */
  notFoundAsNotFound?: boolean;
  /** For file and CSV downloads: 206 (partial content) also counts as success. */
  acceptPartialContent?: boolean;
  signal?: AbortSignal;
  /**
   * A GET that changes state: the server asks for the XSRF token on it as on POST, PUT and
   * DELETE (the check of a flow).
   */
  changesState?: boolean;
  /** Sends the call; the browser's fetch unless a caller (start-up, a test) passes another. */
  fetch?: typeof fetch;
}

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function currentOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

function isSameOrigin(url: string): boolean {
  const origin = currentOrigin();
  if (origin === undefined) return !/^[a-z][a-z0-9+.-]*:/i.test(url);
  return new URL(url, origin).origin === origin;
}

function buildInit(url: string, options: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const sameOrigin = isSameOrigin(url);
  const method = options.method ?? 'GET';
  // The XSRF token and the session cookie go only to our own host, never to a foreign public URL.
  // Only calls that change state carry the token: reading document.cookie is a round trip to the
  // browser's network process, which a page's first load makes several GETs at once without.
  const xsrfToken =
    sameOrigin && (method !== 'GET' || options.changesState === true)
      ? readCookie(xsrfCookieName)
      : undefined;
  if (xsrfToken !== undefined) headers.set(xsrfHeaderName, xsrfToken);
  return {
    method,
    headers,
    body,
    credentials: sameOrigin ? 'include' : 'same-origin',
    cache: 'no-store',
    signal: options.signal,
  };
}

function isSuccess(status: number, options: RequestOptions): boolean {
  return (
    status === 200 || status === 204 || (options.acceptPartialContent === true && status === 206)
  );
}

/** Sends one call and returns the response when it succeeded; throws an ApiError otherwise. */
export async function sendRequest(url: string, options: RequestOptions = {}): Promise<Response> {
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(url, buildInit(url, options));
  } catch (cause) {
    if (options.signal?.aborted === true) throw cause;
    // No answer at all (network down, server gone) reads to the user like a server error.
    const error = new ApiError(0, errorKeys.unexpected, '', new Headers());
    error.cause = cause;
    throw error;
  }
  if (isSuccess(response.status, options)) return response;
  const text = await response.text().catch(() => '');
  const key =
    response.status === 404 && options.notFoundAsNotFound === true
      ? errorKeys.notFound
      : errorKeys.unexpected;
  throw new ApiError(response.status, key, text, response.headers);
}

/** Sends one call and parses its JSON answer with the contract's schema. */
export async function requestJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.infer<Schema>> {
  const response = await sendRequest(url, options);
  const text = await response.text();
  try {
    return schema.parse(JSON.parse(text));
  } catch (cause) {
    // An answer we cannot read is as useless to the user as a server error.
    const error = new ApiError(response.status, errorKeys.unexpected, text, response.headers);
    error.cause = cause;
    throw error;
  }
}

/** Sends one call whose answer carries nothing the app needs. */
export async function requestVoid(url: string, options: RequestOptions = {}): Promise<void> {
  await sendRequest(url, options);
}

/** Downloads a file or CSV; the name comes from the content-disposition header when present. */
export async function requestFile(
  url: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await sendRequest(url, { ...options, acceptPartialContent: true });
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
  };
}

export function fileNameFromDisposition(header: string | null): string | undefined {
  if (header === null) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall back to the plain filename parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return plain?.[2] ?? plain?.[1]?.trim();
}
