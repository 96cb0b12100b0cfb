// The portal needs the Node.js that package.json's engines name (better-sqlite3 13 crashes on
// Node 20; running the TypeScript sources needs type stripping, on by default from 22.18). On
// an older Node, a command re-runs itself under the tested Node (.node-version), which
// scripts/node-runtime.sh fetches from the npm registry, and says so; where it cannot, it stops
// saying what to install.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function isOlder(running, wanted) {
  const differs = wanted.findIndex((part, index) => running[index] !== part);
  return differs !== -1 && running[differs] < wanted[differs];
}

/**
 * Resolves when this Node is recent enough; otherwise runs this same script under the tested
 * Node and exits with its status (the promise never resolves then).
 */
export function ensureSupportedNode() {
  const { engines } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines.node);
  if (!minimum) throw new Error(`package.json engines.node is not ">=x.y.z": ${engines.node}`);
  if (!isOlder(process.versions.node.split('.').map(Number), minimum.slice(1).map(Number)))
    return Promise.resolve();
  const tested = readFileSync(`${root}/.node-version`, 'utf8').trim();
  if (process.platform !== 'linux' || !existsSync('/bin/bash')) {
    console.error(
      `Node.js ${process.versions.node} is too old: the portal needs ${engines.node} and is tested on ${tested}. Install Node.js ${tested.split('.')[0]} LTS.`,
    );
    process.exit(1);
  }
  console.error(
    `Node.js ${process.versions.node} is older than the portal needs (${engines.node}): running under Node ${tested} (scripts/node-runtime.sh).`,
  );
  const child = spawn(
    '/bin/bash',
    [`${root}/scripts/node-runtime.sh`, 'node', ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}
