import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The web app's page with the files its first screen needs named in it.
 *
 * The build writes route-preloads.json (packages/web/build/route-preloads.ts): for each of the
 * app's addresses, the screen's script chunks and style sheets. Named in the page as
 * `<link rel="modulepreload">` and `<link rel="stylesheet">`, they are fetched together with
 * the app's own code instead of only after it has run and asked for them: on a slow phone a
 * whole round of downloads sooner, and the app's start-up no longer adds the links itself.
 */

const RoutePreloads = z.object({
  routes: z.array(
    z.object({
      path: z.string(),
      when: z.enum(['signedIn', 'signedOut']).optional(),
      scripts: z.array(z.string()),
      styles: z.array(z.string()),
    }),
  ),
});

/** A page as sent: the HTML, its compressed forms and an ETag for each. */
export interface PageVariant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

interface Route {
  pattern: RegExp;
  when: 'signedIn' | 'signedOut' | undefined;
  scripts: string[];
  styles: string[];
}

/** '/esign/edit/:id' → a pattern for one path segment per parameter, a trailing slash allowed. */
export function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source === '' ? '/' : source}/?$`);
}

/** Only the app's own asset paths are written into the page. */
const assetPath = /^\/assets\/[\w.-]+\.(?:js|css)$/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The links for one address, placed before </head>. */
export function withPreloads(html: string, scripts: string[], styles: string[]): string {
  const links = [
    ...scripts.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
  ];
  if (links.length === 0) return html;
  return html.replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}</head>`);
}

function variantOf(html: string): PageVariant {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
  };
}

/**
 * Answers the app's page for a path: index.html as built, with the preloads of every entry of
 * route-preloads.json that matches the path (and the visitor being signed in or not). Both
 * files are read again when index.html changes (a new build under a running server); each
 * distinct page is compressed once.
 */
export function createPageRenderer(distDir: string) {
  const indexFile = join(distDir, 'index.html');
  const preloadsFile = join(distDir, 'route-preloads.json');
  let loadedAt = -1;
  let html = '';
  let routes: Route[] = [];
  const variants = new Map<string, PageVariant>();

  const load = () => {
    const changed = statSync(indexFile).mtimeMs;
    if (changed === loadedAt) return;
    html = readFileSync(indexFile, 'utf8');
    let parsed: z.infer<typeof RoutePreloads> = { routes: [] };
    try {
      parsed = RoutePreloads.parse(JSON.parse(readFileSync(preloadsFile, 'utf8')));
    } catch {
      // An older build without the file, or a broken one: the page still works without hints.
    }
    routes = parsed.routes.map((route) => ({
      pattern: patternOf(route.path),
      when: route.when,
      scripts: route.scripts.filter((path) => assetPath.test(path)),
      styles: route.styles.filter((path) => assetPath.test(path)),
    }));
    variants.clear();
    loadedAt = changed;
  };

  return (path: string, signedIn: boolean): PageVariant => {
    load();
    const matching = routes.filter(
      (route) =>
        route.pattern.test(path) &&
        (route.when === undefined || (route.when === 'signedIn') === signedIn),
    );
    const scripts = [...new Set(matching.flatMap((route) => route.scripts))];
    const styles = [...new Set(matching.flatMap((route) => route.styles))];
    const key = [...scripts, '|', ...styles].join(' ');
    let variant = variants.get(key);
    if (variant === undefined) {
      variant = variantOf(withPreloads(html, scripts, styles));
      variants.set(key, variant);
    }
    return variant;
  };
}
