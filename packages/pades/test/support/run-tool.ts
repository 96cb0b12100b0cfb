import { execFileSync } from 'node:child_process';

export interface ToolResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** A tool's exit status and output, whatever the status; throws when it is not installed. */
export function runTool(
  command: string,
  args: string[],
  options: { cwd?: string; input?: string } = {},
): ToolResult {
  try {
    const stdout = execFileSync(command, args, {
      ...options,
      encoding: 'utf8',
      stdio: 'pipe',
      maxBuffer: 256 * 1024 * 1024,
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as {
      code?: string;
      status?: number | null;
      stdout?: string;
      stderr?: string;
    };
    // Without the tool there is no verdict to give, only a machine to fix.
    if (failed.code === 'ENOENT') throw new Error(`${command} is not installed`);
    return {
      status: failed.status ?? -1,
      stdout: String(failed.stdout ?? ''),
      stderr: String(failed.stderr ?? ''),
    };
  }
}
