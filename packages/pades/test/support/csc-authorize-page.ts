const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? '',
  );

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}
code{word-break:break-all}.alert{color:#a00}</style></head>
<body><main>${body}</main></body></html>`;

export interface AuthorizePageView {
  /** Where the form posts to. */
  action: string;
  requestId: string;
  serviceName: string;
  /** The credential's certificate subject. */
  signer: string;
  description: string | null;
  /** The hashes to be signed, base64url. */
  hashes: string[];
  /** The one-time code the signer must type; a test service shows it on the page. */
  otp: string;
  error: string | null;
}

/** The trust service's sign-in and consent page for a credential-scope authorisation. */
export function renderAuthorizePage(view: AuthorizePageView): string {
  const hashes = view.hashes.map((hash) => `<li><code>${escapeHtml(hash)}</code></li>`).join('');
  return page(
    `${view.serviceName}: authorise a signature`,
    `<h1>${escapeHtml(view.serviceName)}</h1>
<h2>Authorise a qualified electronic signature</h2>
<p>Signer: <strong id="signer">${escapeHtml(view.signer)}</strong></p>
${view.description ? `<p>Document: <span id="description">${escapeHtml(view.description)}</span></p>` : ''}
<p>You are about to sign ${view.hashes.length} document hash(es):</p><ul>${hashes}</ul>
<p>Test service: your one-time code is <output id="otp-hint">${escapeHtml(view.otp)}</output>.</p>
${view.error ? `<p class="alert" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="request" value="${escapeHtml(view.requestId)}">
<label for="otp">One-time code</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit" name="action" value="authorise">Authorise signature</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

/** A page for a request that cannot be answered by redirect (unknown client or redirect URI). */
export function renderErrorPage(serviceName: string, message: string): string {
  return page(
    serviceName,
    `<h1>${escapeHtml(serviceName)}</h1><p class="alert" role="alert">${escapeHtml(message)}</p>`,
  );
}
