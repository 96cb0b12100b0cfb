import { PkiError } from '../pki/errors.ts';

/** How validation data may be fetched: the one rule every outbound request here follows. */
export interface FetchPolicy {
  /** Bounds each request (default 10 s). */
  timeoutMs?: number;
  /**
   * Says whether a URL a certificate names (CRL distribution point, OCSP responder, CA
   * issuers) may be fetched; http and https only either way. Without it, any such URL may.
   */
  allowUrl?: (url: URL) => boolean;
}

const maxBytes = 32 * 1024 * 1024;
const maxRedirects = 3;

/** The URL when the policy lets us fetch it; a `PkiError` saying why not otherwise. */
export function allowedUrl(text: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PkiError('invalid-input', `${text} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PkiError('invalid-input', `${text} is not an http or https URL`);
  if (policy.allowUrl && !policy.allowUrl(url))
    throw new PkiError('invalid-input', `${text} is not among the URLs allowed to be fetched`);
  return url;
}

/** True when the policy lets us fetch the URL (http or https, and allowed). */
export function mayFetch(text: string, policy: FetchPolicy): boolean {
  try {
    allowedUrl(text, policy);
    return true;
  } catch {
    return false;
  }
}

/**
 * GETs (or POSTs `body` to) an allowed URL within the timeout, following at most three
 * redirects each of which the policy must allow too; answers the body (at most 32 MiB) of a
 * 2xx answer and throws an `Error` saying what failed otherwise.
 */
export async function fetchResource(
  text: string,
  policy: FetchPolicy,
  post?: { body: Buffer; contentType: string },
): Promise<Buffer> {
  const signal = AbortSignal.timeout(policy.timeoutMs ?? 10_000);
  let url = allowedUrl(text, policy);
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, {
      signal,
      redirect: 'manual',
      ...(post
        ? {
            method: 'POST',
            body: new Uint8Array(post.body),
            headers: { 'content-type': post.contentType },
          }
        : {}),
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location && hop < maxRedirects) {
      await response.body?.cancel();
      url = allowedUrl(new URL(location, url).href, policy);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) throw new Error('the answer is too large');
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > maxBytes) throw new Error('the answer is too large');
    return body;
  }
}
