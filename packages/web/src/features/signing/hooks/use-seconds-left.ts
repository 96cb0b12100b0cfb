import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait of `seconds` that began at `since` (a Date.now() value), counting
 * down once a second until it reaches 0.
 */
export function useSecondsLeft(seconds: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000));
  const waiting = left > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting, since]);
  return left;
}
