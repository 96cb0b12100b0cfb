import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBasePath, type AppConfig } from '../config/env.ts';
import { AppError } from '../errors/app-error.ts';
import { errorResponse, withoutClientErrors } from '../http/error-responses.ts';

const builtInAssets = join(dirname(fileURLToPath(import.meta.url)), '../../assets');

/** Messages an operator dropped into DATA_DIR/locales/<lng>.json; {} when none. */
export async function readLocaleOverrides(dataDir: string, language: string) {
  const file = join(dataDir, 'locales', `${language}.json`);
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return z.record(z.string(), z.unknown()).parse(parsed);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Locale file ${file} is not a JSON object`, { cause: error });
  }
}

async function listOverrideLanguages(dataDir: string): Promise<string[]> {
  try {
    const names = await readdir(join(dataDir, 'locales'));
    return names.flatMap((name) => /^([a-z]{2})\.json$/.exec(name)?.[1] ?? []).sort();
  } catch {
    return [];
  }
}

/** An operator's file in DATA_DIR wins over the built-in one. */
async function pickAsset(dataDir: string, name: string): Promise<string> {
  const custom = join(dataDir, name);
  try {
    if ((await stat(custom)).isFile()) return custom;
  } catch {
    // no operator file: the built-in one serves
  }
  return join(builtInAssets, name);
}

/** The public assets of SPEC §7 under the public URL: locale list and messages, favicon, logo. */
export async function registerPublicRoutes(app: FastifyInstance, config: AppConfig) {
  const base = publicBasePath(config);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `${base}locales.json`,
    {
      schema: {
        tags: ['public'],
        summary: 'Languages the portal offers, and those with operator messages',
        ...withoutClientErrors('No input and no login: the same answer for everyone.'),
        response: {
          200: z.object({ languages: z.array(z.string()), overrides: z.array(z.string()) }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      const overrides = await listOverrideLanguages(config.dataDir);
      return {
        languages: config.languages,
        overrides: overrides.filter((language) => config.languages.includes(language)),
      };
    },
  );

  routes.get(
    `${base}locales/:file`,
    {
      schema: {
        tags: ['public'],
        summary: 'Extra locale messages that override or add to the built-in catalogue',
        params: z.object({ file: z.string().regex(/^[a-z]{2}\.json$/) }),
        response: {
          200: z.record(z.string(), z.unknown()),
          ...errorResponse(400, 'file is not of the form `<lng>.json` (issues).'),
          ...errorResponse(404, 'The portal does not offer this language (errors.notFound).'),
        },
      },
    },
    async (request, reply) => {
      const language = request.params.file.slice(0, 2);
      if (!config.languages.includes(language)) throw new AppError('notFound');
      reply.header('Cache-Control', 'no-cache');
      return readLocaleOverrides(config.dataDir, language);
    },
  );

  const assets = [
    ['favicon.ico', 'image/x-icon'],
    ['logo.svg', 'image/svg+xml'],
  ] as const;
  for (const [name, type] of assets) {
    // Hidden: the browser's favicon and the page logo are not calls of the API.
    app.get(
      `${base}${name}`,
      { schema: { tags: ['public'], hide: true } },
      async (_request, reply) => {
        const file = await pickAsset(config.dataDir, name);
        reply.header('Content-Type', type);
        reply.header('Cache-Control', 'public, max-age=3600');
        // An SVG opened on its own must not run script.
        if (name.endsWith('.svg'))
          reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        return reply.send(createReadStream(file));
      },
    );
  }
}
