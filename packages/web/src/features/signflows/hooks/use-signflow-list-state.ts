import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeListState,
  parseListState,
  toSearchParams,
  type ListState,
} from '../utils/signflow-list-url.ts';

/** The list's view, search, sort and page, kept in the URL so that reload and back keep them. */
export function useSignFlowListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);

  /** The query string ('?…') of the list after a change, for links. */
  const searchFor = useCallback(
    (change: Partial<ListState>) => `?${toSearchParams(changeListState(state, change)).toString()}`,
    [state],
  );

  const update = useCallback(
    (change: Partial<ListState>, options?: { replace?: boolean }) =>
      setSearchParams(
        (current) => toSearchParams(changeListState(parseListState(current), change)),
        options,
      ),
    [setSearchParams],
  );

  return { state, searchFor, update };
}
