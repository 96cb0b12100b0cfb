import { useSyncExternalStore } from 'react';

/** Bootstrap's md breakpoint: from here up the list is a table, below it a column of cards. */
const wideQuery = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for the list's table; a render without a window says yes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(wideQuery).matches,
    () => true,
  );
}
