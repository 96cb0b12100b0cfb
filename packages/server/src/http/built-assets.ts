/**
 * The built app's scripts and stylesheets: `/assets/<name>-<hash>.js` or `.css`, named by their
 * content and the same for everyone. A page loads them; none is a page, a worker (pdf.js's is
 * an `.mjs`) or anyone's data. So they are served without the session (no database read, no
 * cookie on an answer that caches for a year) and without the headers only a document or a
 * worker reads (security.ts). A worker added to the web app must keep a name this does not
 * match (`.mjs`): a worker's Content-Security-Policy is the one its own script is served with.
 */
export const builtSubresourcePath = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** Whether a request's URL (path and query) names one of the built scripts or stylesheets. */
export function isBuiltSubresource(url: string): boolean {
  const query = url.indexOf('?');
  return builtSubresourcePath.test(query === -1 ? url : url.slice(0, query));
}
