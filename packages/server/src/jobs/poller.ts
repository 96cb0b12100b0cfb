/**
 * Calls `pass` every `intervalMs` while started, never two at once; `kick` asks for a pass
 * now (or right after the one in progress) without waiting for it.
 */
export function createPoller(intervalMs: number, pass: () => Promise<void>) {
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;

  function schedule(delayMs: number) {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(runPass, delayMs);
    // Polling alone must not keep the process alive.
    timer.unref();
  }

  function runPass() {
    timer = undefined;
    if (current) {
      again = true;
      return;
    }
    current = pass().finally(() => {
      current = undefined;
      schedule(again ? 0 : intervalMs);
      again = false;
    });
  }

  return {
    start() {
      started = true;
      schedule(0);
    },
    kick() {
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
