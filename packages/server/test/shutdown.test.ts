import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/node-process.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

async function waitUntilHealthy(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

describe('stopping the server', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('starts without a runtime warning; on SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    child = spawn(process.execPath, ['src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'esign-shutdown-')),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const stderr: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      stderr.push(chunk.toString());
    });
    await waitUntilHealthy(base, child);
    // Started on this Node with nothing said on stderr: no runtime warning (an unsupported
    // runtime, an experimental feature, a deprecation); the log itself goes to stdout.
    expect(stderr.join('')).toBe('');

    // The XSRF cookies a browser would hold, so the unsafe call below is a real one.
    const page = await fetch(`${base}/api/config/common`);
    const cookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    const xsrf =
      cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';

    // A request still arriving when the signal comes: headers sent, body not yet.
    const body = JSON.stringify({ email: 'user@example.com', password: 'user-demo' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      [
        'POST /idp-login/no-such-login/login HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Cookie: ${cookies.join('; ')}`,
        `X-XSRF-TOKEN: ${xsrf}`,
        'Connection: close',
        '',
        body.slice(0, 10),
      ].join('\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = new Promise<number | null>((resolve) =>
      child?.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow(); // no longer accepting

    socket.write(body.slice(10));
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(response).toContain('errors.loginExpired');
    expect(await exited).toBe(0);
    expect(output.join('')).toContain('shutting down');
    expect(output.join('')).toContain('database closed');
  });
});
