import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from './config-error.ts';

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const certificateFile = /\.(pem|crt|cer)$/i;

/**
 * The certificates (PEM) of TRUSTED_ROOTS_DIR: every block of every .pem, .crt or .cer file
 * in it. Unset is none; a folder that cannot be read, a file without a certificate or a
 * certificate that does not parse stops the start, naming the variable and the file.
 */
export function readTrustedRoots(dir: string | undefined): string[] {
  if (!dir) return [];
  const folder = resolve(dir);
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => certificateFile.test(name));
  } catch (error) {
    throw new ConfigError(`TRUSTED_ROOTS_DIR: cannot read ${folder}: ${(error as Error).message}`);
  }
  const roots: string[] = [];
  for (const name of names.sort()) {
    const path = join(folder, name);
    if (!statSync(path).isFile()) continue;
    const blocks = readFileSync(path, 'utf8').match(pemBlock) ?? [];
    if (blocks.length === 0)
      throw new ConfigError(`TRUSTED_ROOTS_DIR: ${name} holds no PEM certificate`);
    for (const block of blocks) {
      try {
        roots.push(new X509Certificate(block).toString());
      } catch {
        throw new ConfigError(`TRUSTED_ROOTS_DIR: ${name} holds a certificate that cannot be read`);
      }
    }
  }
  return roots;
}
