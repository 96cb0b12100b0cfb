import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const compressible = /\.(?:html|js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own response headers weigh. */
export const minimumBytes = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of dir, each only when it is smaller than the file itself; the server
 * sends the copy the browser accepts (see packages/server/src/web/web-app.ts).
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const jobs: Array<Promise<Precompressed | null>> = [];
  for await (const file of filesUnder(dir)) {
    if (!compressible.test(file)) continue;
    jobs.push(
      (async () => {
        const content = await readFile(file);
        if (content.length < minimumBytes) return null;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        return { file, bytes: content.length, brotliBytes: br.length, gzipBytes: gz.length };
      })(),
    );
  }
  return (await Promise.all(jobs)).filter((entry) => entry !== null);
}

/** A Vite plugin: precompresses the build output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'esign-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      const sum = (pick: (entry: Precompressed) => number) =>
        (files.reduce((total, entry) => total + pick(entry), 0) / 1024).toFixed(0);
      this.info(
        `precompressed ${files.length} files: ${sum((entry) => entry.bytes)} KiB, brotli ${sum((entry) => entry.brotliBytes)} KiB, gzip ${sum((entry) => entry.gzipBytes)} KiB`,
      );
    },
  };
}
