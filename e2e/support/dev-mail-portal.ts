import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2ePorts, e2eWebDistDir } from './services.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A portal of its own for one spec, started by it and stopped after it. */
export interface DevMailPortal {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a second portal in the demo profile without SMTP_URL, so its mail goes to its dev
 * mailbox at /dev/mail (the main portal of the browser tests sends real SMTP). It serves the
 * same copy of the built web app as the main portal and keeps its data in a directory of its own.
 */
export async function startDevMailPortal(): Promise<DevMailPortal> {
  const port = e2ePorts.devMailPortal;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `esign-e2e-devmail-${port}-`));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => /^(PATH|HOME|LANG|TZ|TMPDIR)$/.test(name)),
  );
  const child: ChildProcess = spawn(process.execPath, ['packages/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: e2eWebDistDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the dev-mail portal exited: ${errors}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the dev-mail portal did not start within a minute: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
