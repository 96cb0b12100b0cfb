const base = 'http://portal.invalid';

/** True for a path a browser resolves on this site: one '/', then neither '/' nor '\'. */
const isOnThisSite = (path: string) => path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';

/**
 * A same-site relative path to go to after login, or '/': never another origin, so the
 * login cannot be turned into an open redirect. The answer is checked after the URL
 * parser has normalised it, because resolving dot segments ('/.//x', '/%2e//x', '/a/..//x')
 * can make '//x', which a browser reads as the host x; and it is a fixed point: given its
 * own answer, it answers the same.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length > 2000) return '/';
  if (!isOnThisSite(candidate)) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return '/';
  const parsed = URL.parse(candidate, base);
  if (!parsed || parsed.origin !== base) return '/';
  const normalised = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return isOnThisSite(normalised) ? normalised : '/';
}
