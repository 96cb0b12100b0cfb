import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { builtSubresourcePath } from '../http/built-assets.ts';

/**
 * The web app's page with the files its first screen needs named in it.
 *
 * The build writes route-preloads.json (packages/web/build/route-preloads.ts): for each of the
 * app's addresses, the screen's script chunks and style sheets. Named in the page as
 * `<link rel="modulepreload">` and `<link rel="stylesheet">`, they are fetched together with
 * the app's own code instead of only after it has run and asked for them: on a slow phone a
 * whole round of downloads sooner, and the app's start-up no longer adds the links itself.
 *
 * An address may also name the API calls its screen makes as it first shows (the signer's task
 * behind a personal link, the flow in the editor), with the address's parameters filled in.
 * Named as `<link rel="preload" as="fetch">`, their answers come while the code still loads,
 * and the app's own call of the same URL takes the preloaded answer instead of asking again.
 */

const RoutePreloads = z.object({
  routes: z.array(
    z.object({
      path: z.string(),
      when: z.enum(['signedIn', 'signedOut']).optional(),
      scripts: z.array(z.string()),
      styles: z.array(z.string()),
      data: z
        .array(
          z.object({
            path: z.string(),
            unless: z.object({ param: z.string(), value: z.string() }).optional(),
          }),
        )
        .optional(),
    }),
  ),
});

type DataPreload = NonNullable<z.infer<typeof RoutePreloads>['routes'][number]['data']>[number];

/** A page as sent: the HTML, its compressed forms and an ETag for each. */
export interface PageVariant {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

interface Route {
  pattern: RegExp;
  when: 'signedIn' | 'signedOut' | undefined;
  scripts: string[];
  styles: string[];
  data: DataPreload[];
}

const parameterName = /^:([A-Za-z_]\w*)$/;

/**
 * '/esign/edit/:id' → a pattern for one path segment per parameter (captured under its name),
 * a trailing slash allowed.
 */
export function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      const name = parameterName.exec(segment)?.[1];
      if (name !== undefined) return `(?<${name}>[^/]+)`;
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source === '' ? '/' : source}/?$`);
}

/** Only calls of the app's own API are named, and only GETs of plain paths. */
const apiPath = /^\/api\/[\w.~:/-]+$/;

/**
 * A parameter written into a call's path only as it is: the characters encodeURIComponent
 * leaves alone (the app's path builders give the same path), never '.' or '..' as a whole.
 * Anything else (an id with other characters, a hostile segment) names no call.
 */
const plainParameter = /^[\w~-][\w.~-]{0,199}$/;

/** The call's path with the address's parameters in place; undefined when it is not to be made. */
export function dataPath(
  preload: DataPreload,
  parameters: Record<string, string | undefined>,
): string | undefined {
  if (preload.unless !== undefined && parameters[preload.unless.param] === preload.unless.value)
    return undefined;
  let complete = true;
  const path = preload.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = parameters[name];
    if (value === undefined || !plainParameter.test(value)) complete = false;
    return value ?? '';
  });
  return complete && apiPath.test(path) && !path.includes(':') ? path : undefined;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The links for one address, placed before </head>: the calls first, then the code. */
export function withPreloads(
  html: string,
  scripts: string[],
  styles: string[],
  data: string[] = [],
): string {
  const links = [
    // As the app's own fetch asks (credentials 'include'), so that it takes the answer.
    ...data.map(
      (href) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(href)}">`,
    ),
    ...scripts.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
  ];
  if (links.length === 0) return html;
  return html.replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}</head>`);
}

/**
 * A page compressed for sending, in each encoding only when first asked for (a page made for
 * one request is sent in one). A page kept for every visitor is compressed hardest; a page made
 * for one request (it names a flow's or a link's calls) at a quicker level.
 */
function variantOf(html: string, once = true): PageVariant {
  const identity = Buffer.from(html);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      br ??= brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: once ? constants.BROTLI_MAX_QUALITY : 5,
        },
      });
      return br;
    },
    get gzip() {
      gzip ??= gzipSync(identity, { level: once ? constants.Z_BEST_COMPRESSION : 6 });
      return gzip;
    },
    etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
  };
}

/**
 * Answers the app's page for a path (as requested, not decoded): index.html as built, with the
 * preloads of every entry of route-preloads.json that matches the path (and the visitor being
 * signed in or not). Both files are read again when index.html changes (a new build under a
 * running server); each distinct page without calls is compressed once, a page naming calls
 * (they hold the address's own id or token) for its request.
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
      // Only the app's own built files are written into the page.
      scripts: route.scripts.filter((path) => builtSubresourcePath.test(path)),
      styles: route.styles.filter((path) => builtSubresourcePath.test(path)),
      data: (route.data ?? []).filter((preload) => apiPath.test(preload.path)),
    }));
    variants.clear();
    loadedAt = changed;
  };

  return (path: string, signedIn: boolean): PageVariant => {
    load();
    const matching = routes.flatMap((route) => {
      const match = route.pattern.exec(path);
      const forVisitor = route.when === undefined || (route.when === 'signedIn') === signedIn;
      return match !== null && forVisitor ? [{ route, parameters: match.groups ?? {} }] : [];
    });
    const scripts = [...new Set(matching.flatMap(({ route }) => route.scripts))];
    const styles = [...new Set(matching.flatMap(({ route }) => route.styles))];
    const data = [
      ...new Set(
        matching.flatMap(({ route, parameters }) =>
          route.data.flatMap((preload) => dataPath(preload, parameters) ?? []),
        ),
      ),
    ];
    if (data.length > 0) return variantOf(withPreloads(html, scripts, styles, data), false);
    const key = [...scripts, '|', ...styles].join(' ');
    let variant = variants.get(key);
    if (variant === undefined) {
      variant = variantOf(withPreloads(html, scripts, styles));
      variants.set(key, variant);
    }
    return variant;
  };
}
