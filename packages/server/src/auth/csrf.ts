import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const csrfCookieName = 'XSRF-TOKEN';
export const csrfHeaderName = 'x-xsrf-token';

const mac = (secret: string, binding: string, nonce: string) =>
  createHmac('sha256', secret).update(`csrf|${binding}|${nonce}`).digest('base64url');

/** A token bound to one session (or one anonymous browser): a random nonce and its HMAC. */
export function issueCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${mac(secret, binding, nonce)}`;
}

/** True when the token was issued by us for this binding; compared in constant time. */
export function isCsrfTokenValid(
  secret: string,
  binding: string,
  token: string | undefined,
): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(mac(secret, binding, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The double submit: the header equals the cookie, and the cookie is ours for this binding. */
export function isCsrfRequestValid(
  secret: string,
  binding: string,
  cookie: string | undefined,
  header: string | undefined,
): boolean {
  if (!cookie || !header) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return (
    a.length === b.length && timingSafeEqual(a, b) && isCsrfTokenValid(secret, binding, cookie)
  );
}
