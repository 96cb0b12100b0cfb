import { createContext, useContext, useEffect, useId } from 'react';

export interface UnsavedChangesApi {
  /** Marks one form (by its key) as holding changes that are not saved, or no longer. */
  mark: (key: string, unsaved: boolean) => void;
}

export const UnsavedChangesContext = createContext<UnsavedChangesApi | null>(null);

/**
 * While `unsaved`, leaving the page (a link, the back button, closing or reloading the tab)
 * asks first. Any number of forms on one page may use it.
 */
export function useUnsavedChanges(unsaved: boolean) {
  const key = useId();
  const api = useContext(UnsavedChangesContext);
  useEffect(() => {
    api?.mark(key, unsaved);
    return () => api?.mark(key, false);
  }, [api, key, unsaved]);
}
