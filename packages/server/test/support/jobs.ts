import type { JobLogger } from '../../src/jobs/job-queue.ts';

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}

/** A logger that keeps what it is told, for asserting on it. */
export function recordingLogger(): JobLogger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (details: Record<string, unknown>, message: string) =>
    lines.push({ level, details, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** A promise the test settles when it chooses (Promise.withResolvers is Node 22). */
export function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
