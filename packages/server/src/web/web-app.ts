import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../errors/error-handler.ts';

/**
 * Serves the built web app. Any GET or HEAD that is not under /api (nor /metrics) and names no
 * file gets index.html, so the app's router handles deep links (history mode).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const built = existsSync(join(distDir, 'index.html'));
  const assetsDir = join(distDir, 'assets') + sep;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      cacheControl: false,
      setHeaders(response, path) {
        // Vite names built assets by content hash, so they never change under a name.
        response.setHeader(
          'Cache-Control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|metrics)(\/|$)/.test(path);
    if (!isPage) return reply.status(404).send(errorBody('notFound'));
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.status(200).sendFile('index.html');
  });
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
