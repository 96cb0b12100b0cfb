// Preloaded (`--import`) into a child the bench measures: at exit, writes the process's peak
// resident memory (VmHWM of /proc/self/status, in KiB) to file descriptor 3, a pipe the bench
// reads. (Not getrusage's maxrss: Linux carries that over from the parent across fork and exec.)
import { readFileSync, writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    writeSync(3, `${/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0}\n`);
  } catch {
    // not started by the bench: nothing to report to
  }
});
