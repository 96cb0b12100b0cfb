import { apiPaths } from '@esign/contract';

/**
 * A return path is kept only when it stays on this site: it starts with a single '/'
 * and holds no backslash or control character a browser could read as another host.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/** The external login address; after login the user comes back to `returnPath` if it is safe. */
export function externalLoginUrl(returnPath?: string | null): string {
  const safe = safeReturnPath(returnPath);
  return safe === undefined
    ? apiPaths.externalLogin
    : `${apiPaths.externalLogin}?r=${encodeURIComponent(safe)}`;
}
