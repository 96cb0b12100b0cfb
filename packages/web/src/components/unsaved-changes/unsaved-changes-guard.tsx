import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { UnsavedChangesContext, type UnsavedChangesApi } from './unsaved-changes-context.ts';

/**
 * Holds which forms have unsaved changes and, while any has, asks before the app moves to
 * another page (one router blocker for the whole app) and before the tab is closed.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [unsavedKeys, setUnsavedKeys] = useState<ReadonlySet<string>>(new Set());
  const mark = useCallback((key: string, unsaved: boolean) => {
    setUnsavedKeys((keys) => {
      if (keys.has(key) === unsaved) return keys;
      const next = new Set(keys);
      if (unsaved) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const api = useMemo<UnsavedChangesApi>(() => ({ mark }), [mark]);
  const anyUnsaved = unsavedKeys.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyUnsaved &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!anyUnsaved) return;
    // The browser asks in its own words; the event only has to be cancelled.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [anyUnsaved]);

  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext.Provider value={api}>
      {children}
      <Modal
        show={blocked}
        onHide={() => blocker.reset?.()}
        aria-labelledby="unsaved-changes-title"
        data-testid="unsaved-changes-dialog"
      >
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="unsaved-changes-title" as="h2" className="h5">
            {t('dialogs.unsavedChanges.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('dialogs.unsavedChanges.body')}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-danger" onClick={() => blocker.proceed?.()}>
            {t('dialogs.unsavedChanges.leave')}
          </Button>
          <Button variant="primary" autoFocus onClick={() => blocker.reset?.()}>
            {t('dialogs.unsavedChanges.stay')}
          </Button>
        </Modal.Footer>
      </Modal>
    </UnsavedChangesContext.Provider>
  );
}
