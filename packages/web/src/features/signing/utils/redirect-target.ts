/**
 * Where the browser may be sent after signing (the trust service, or back to us): an absolute
 * http(s) address or a path on this site; anything else (javascript:, data:) is refused.
 */
export function safeRedirectTarget(url: string, origin: string): string | null {
  try {
    const target = new URL(url, origin);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}
