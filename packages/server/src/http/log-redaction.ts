/** What the log shows in place of a credential. */
export const redactedMark = '[redacted]';

/**
 * Query parameters that carry a credential or what leads to one: OpenID Connect's code and
 * state on the callbacks (and nonce and tokens on the provider's own endpoints), SAML's
 * redirect-binding messages.
 */
const secretQueryKeys = new Set([
  'code',
  'state',
  'session_state',
  'nonce',
  'code_verifier',
  'id_token_hint',
  'access_token',
  'refresh_token',
  'token',
  'samlrequest',
  'samlresponse',
  'relaystate',
  'signature',
]);

/** Path segments after these names that are credentials in themselves. */
function redactSegments(segments: string[]): string[] {
  const out = [...segments];
  for (let index = 0; index < out.length - 1; index += 1) {
    const name = (out[index] ?? '').toLowerCase();
    const next = (out[index + 1] ?? '').toLowerCase();
    // A signing link, /sign/{token} (the page) and /api/sign/{token}/… (its calls); the
    // callbacks of identification and qualified signing sit beside it without a token.
    if (name === 'sign' && next !== 'identify' && next !== 'qualified' && next !== '')
      out[index + 1] = redactedMark;
    // A signer's link to the signed document, /signed/{token}, downloads it without a login.
    if (name === 'signed' && next !== '') out[index + 1] = redactedMark;
    // A viewer's link, /view/{token} and /api/view/{token}/…, and a copy recipient's
    // /copy/{token}[/evidence]: each reads a flow's document without a login.
    if ((name === 'view' || name === 'copy') && next !== '') out[index + 1] = redactedMark;
    // The inspector's read-only link, /api/inspect/{flow}/{token}, opens the signed file alone.
    if (name === 'inspect' && index + 2 < out.length) out[index + 2] = redactedMark;
  }
  return out;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [rawKey = ''] = pair.split('=', 1);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      } catch {
        // keep the raw key
      }
      return secretQueryKeys.has(key.toLowerCase()) ? `${rawKey}=${redactedMark}` : pair;
    })
    .join('&');
}

/**
 * A personal API token wherever it stands (one pasted into a URL by mistake), also
 * percent-encoded; its prefix stays, so the log shows what kind of secret it was.
 */
const apiTokenInText = /esign(?:_|%5F)pat(?:_|%5F)[0-9A-Za-z]+/gi;

/**
 * A request URL as the log may show it: signing-link, signed-copy and inspector tokens in the
 * path, OpenID Connect and SAML secrets in the query, and API tokens anywhere, replaced by
 * [redacted].
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(apiTokenInText, `esign_pat_${redactedMark}`);
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? null : url.slice(queryStart + 1);
  const safePath = redactSegments(path.split('/')).join('/');
  return query === null ? safePath : `${safePath}?${redactQuery(query)}`;
}

/** The shape of a request Fastify hands its request serializer. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * The logger's request serializer (Fastify's own fields) with the URL redacted, so no
 * signing link, inspector link or login code reaches the log at any level.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
