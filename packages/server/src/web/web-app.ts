import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors/error-handler.ts';
import { createPageRenderer, type PageVariant } from './route-preloads.ts';

/**
 * What search engines may read: the front page and the login page. Personal signing links,
 * the senders' pages, the login provider, the dev mailbox and the API are not for them.
 */
export const robotsTxt = [
  "# Signing links, the senders' pages and the API are private.",
  'User-agent: *',
  'Disallow: /api/',
  'Disallow: /sign/',
  'Disallow: /view/',
  'Disallow: /copy/',
  'Disallow: /esign/',
  'Disallow: /idp',
  'Disallow: /dev/',
  'Disallow: /metrics',
  '',
].join('\n');

/**
 * Serves the built web app. Any GET or HEAD that is not under /api (nor /metrics, /assets) and names no
 * file gets index.html, so the app's router handles deep links (history mode), with the files of
 * the screen at that address named for preloading (route-preloads.ts).
 *
 * The build leaves a brotli (.br) and a gzip (.gz) copy beside each text file worth
 * compressing (packages/web/precompress.ts); a browser that accepts one gets it, with the
 * original's Content-Type, its own ETag and `Vary: Accept-Encoding`, so nothing is
 * compressed while serving.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const built = existsSync(join(distDir, 'index.html'));
  const assetsDir = join(distDir, 'assets') + sep;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // '/' is a page like any other (below), with its screen's files named in it.
      index: false,
      redirect: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(response, path) {
        // Vite names built assets by content hash, so they never change under a name.
        response.setHeader(
          'Cache-Control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // Hidden, as the app's files are (@fastify/static hides its routes): for crawlers, not the API.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt),
  );

  const renderPage = createPageRenderer(distDir);
  // The static files' wildcard would answer '/' as a directory (403): the front page is a page.
  if (built) {
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      sendPage(request, reply, renderPage('/', request.session !== null)),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing built file (an old hash after a new version) is a 404, not the app's page:
    // a script answered with HTML fails with a MIME error instead of a plain 'not found'.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|metrics|assets)(\/|$)/.test(path);
    if (!isPage) return reply.status(404).send(errorBody('notFound'));
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const page = renderPage(path, request.session !== null);
    return sendPage(request, reply, page);
  });
}

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding a browser accepts (Accept-Encoding with its q values): br, gzip or none.
 * @fastify/static negotiates the built files' encodings with the same library.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  const chosen = negotiate(acceptEncoding ?? '', ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/** The app's page, compressed as the browser accepts, never cached without asking (no-cache). */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageVariant) {
  const encoding = encodingFor(request.headers['accept-encoding']);
  const etag = `"${page.etag}-${encoding}"`;
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .header('ETag', etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  return reply.status(200).send(body);
}

/**
 * Answers 404 with the web app's page for an address that names something gone (a signer's
 * link to a signed document past its end): the app's router shows a page saying so in the
 * reader's language, while the status tells scripts. Without a built app, the JSON 404.
 */
export async function sendWebAppNotFound(reply: FastifyReply, distDir: string) {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return reply.status(404).send(errorBody('notFound'));
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .send(await readFile(index));
}
