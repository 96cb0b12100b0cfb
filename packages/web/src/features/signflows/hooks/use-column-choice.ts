import { useCallback, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import {
  columnChoiceKey,
  parseColumnChoice,
  type ChoosableColumn,
  type ColumnChoice,
} from '../utils/list-columns.ts';
import type { StatusView } from '../utils/signflow-list-url.ts';

function readChoice(key: string | null): ColumnChoice {
  if (key === null) return {};
  try {
    return parseColumnChoice(localStorage.getItem(key));
  } catch {
    // Some private modes refuse storage: every view then starts from its defaults.
    return {};
  }
}

/**
 * The columns the user chose for each view, kept in local storage under their own user id.
 * `choose(view, undefined)` goes back to the view's defaults.
 */
export function useColumnChoice() {
  const userId = useSession()?.UserId ?? null;
  const key = userId === null ? null : columnChoiceKey(userId);
  const [stored, setStored] = useState(() => ({ key, choice: readChoice(key) }));
  // Another user in the same tab (after a new login) reads their own choice.
  const choice = stored.key === key ? stored.choice : readChoice(key);

  const choose = useCallback(
    (view: StatusView, columns: ChoosableColumn[] | undefined) => {
      const next: ColumnChoice = Object.fromEntries(
        Object.entries({ ...choice, [view]: columns }).filter(([, value]) => value !== undefined),
      );
      setStored({ key, choice: next });
      if (key === null) return;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Not kept, then: the choice lasts while the page is open.
      }
    },
    [choice, key],
  );

  return { choice, choose };
}
