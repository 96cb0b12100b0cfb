import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../../src/config/env-schema.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const running = new Set<ChildProcess>();

// Whatever happens to the test run, no server process outlives it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

/** A portal server in a process of its own: `node src/server.ts`. */
export interface NodeProcess {
  name: string;
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  pid: number;
  /** Its job worker's id starts with this (see createJobWorker). */
  workerIdPrefix: string;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  isRunning(): boolean;
  /** How it ended (exit code, or the signal that ended it); null while it runs. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Kills it on the spot (SIGKILL): no shutdown, locks and connections are left as they are. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within timeoutMs. */
  stop(timeoutMs?: number): Promise<void>;
}

// The variables the server reads are set by the test alone, never inherited from the shell.
const serverVariables = new Set([...Object.keys(EnvSchema.shape), 'CSC_BASE_URL']);
/** This process's environment without any of the server's own settings. */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !serverVariables.has(name) && !name.startsWith('CSC_'),
    ),
  );
}

async function waitUntilReady(
  node: NodeProcess,
  child: ChildProcess,
  timeoutMs: number,
  pollMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const response = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`${node.name} did not become ready:\n${node.output()}`);
}

/**
 * Starts a server with the given environment (on top of NODE_ENV=test, HOST, PORT and
 * LOG_LEVEL=warn) and answers once /readyz says the database answers.
 */
export async function startNode(
  name: string,
  env: Record<string, string>,
  options: {
    port?: number;
    readyTimeoutMs?: number;
    /** Node options before the script, e.g. ['--import', 'tsx'] (the benchmarks' baseline). */
    nodeArgs?: string[];
    /** How often /readyz is asked while it starts (default 100 ms). */
    pollMs?: number;
  } = {},
): Promise<NodeProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [
      ...(process.env.NODE_PROFILE_DIR
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.NODE_PROFILE_DIR]
        : []),
      ...(options.nodeArgs ?? []),
      'src/server.ts',
    ],
    {
      cwd: serverDir,
      env: {
        ...inheritedEnvironment(),
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const node: NodeProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    workerIdPrefix: `${hostname()}:${child.pid}:`,
    output: () => output,
    isRunning,
    exitStatus: () => (isRunning() ? null : { code: child.exitCode, signal: child.signalCode }),
    async kill() {
      if (isRunning()) child.kill('SIGKILL');
      await exited;
    },
    async stop(timeoutMs = 5_000) {
      if (!isRunning()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
  await waitUntilReady(node, child, options.readyTimeoutMs ?? 40_000, options.pollMs ?? 100);
  return node;
}
