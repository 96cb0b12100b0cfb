// `npm start`: build the web app when needed, then run the server in the foreground.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-web.mjs';
import { ensureSupportedNode } from './node-version.mjs';

await ensureSupportedNode();

const root = fileURLToPath(new URL('..', import.meta.url));
buildWebIfNeeded();

const server = spawn(process.execPath, ['packages/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
