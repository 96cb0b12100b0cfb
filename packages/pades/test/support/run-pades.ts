import { spawn } from 'node:child_process';
import { join } from 'node:path';

const packageDir = join(import.meta.dirname, '..', '..');

/**
 * Runs the package's `pades` command in a fresh process, as an operator would, with `env` added
 * to this process's environment; TSA_URL is set only when `env` names it, never inherited.
 * Asynchronous, so that servers in this process (a TSA, CRLs) can answer the command.
 */
export function runPades(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv = { ...process.env };
  delete childEnv.TSA_URL;
  const child = spawn(process.execPath, [join(packageDir, 'bin/pades.ts'), ...args], {
    cwd: packageDir,
    env: { ...childEnv, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
