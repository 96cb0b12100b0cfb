import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { minimumBytes, precompressDir } from '../build/precompress.ts';

describe('precompressing the build', () => {
  it('leaves a brotli and a gzip copy beside each text file worth it, and none beside others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'esign-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('allekirjoitus '.repeat(400))};\n`;
    const files: Record<string, Buffer | string> = {
      'index.html': `<!doctype html>${'<p>Allekirjoitusportaali</p>'.repeat(60)}`,
      'assets/app-1.js': script,
      'assets/pdf.worker-2.mjs': script,
      'assets/app-1.css': '.a { color: red; }\n'.repeat(100),
      'assets/small-3.js': 'export {};',
      'assets/photo-4.png': randomBytes(4096),
      // Text that does not compress: a copy would be larger than the file.
      'assets/noise-5.txt': randomBytes(4096),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);

    const done = await precompressDir(dir);

    const compressed = [
      'index.html',
      'assets/app-1.js',
      'assets/pdf.worker-2.mjs',
      'assets/app-1.css',
    ];
    expect(done.map((entry) => entry.file.slice(dir.length + 1)).sort()).toEqual(
      [...compressed, 'assets/noise-5.txt'].sort(),
    );
    for (const name of compressed) {
      const original = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br)).toEqual(original);
      expect(gunzipSync(gz)).toEqual(original);
    }
    expect(files['assets/small-3.js']?.length).toBeLessThan(minimumBytes);
    for (const name of ['assets/small-3.js', 'assets/photo-4.png', 'assets/noise-5.txt']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
