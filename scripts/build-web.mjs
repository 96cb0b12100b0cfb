// Builds the web app only when its sources changed since the last build, so that
// `npm start` stays quick after the first time. The stamp is a hash of every input.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/public',
  'packages/web/vite.config.ts',
  'packages/web/build',
  'packages/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];
const stampFile = join(root, 'packages/web/dist/.build-stamp');

function* walk(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* walk(join(path, name));
  } else {
    yield path;
  }
}

export function sourceStamp() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function buildWebIfNeeded({ force = false } = {}) {
  const stamp = sourceStamp();
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (!force && current === stamp && existsSync(join(root, 'packages/web/dist/index.html'))) {
    console.log('web app is up to date');
    return;
  }
  console.log('building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@esign/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web app build failed');
  writeFileSync(stampFile, stamp);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfNeeded({ force: process.argv.includes('--force') });
}
