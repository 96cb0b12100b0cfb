import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { ToastContext, type ToastApi, type ToastMessage } from './toast-context.ts';
import { clampToastDelay } from './toast-timing.ts';

interface ShownToast extends ToastMessage {
  id: number;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);

  const showToast = useCallback((toast: ToastMessage) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((shown) => [...shown, { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);
  const api = useMemo<ToastApi>(() => ({ showToast }), [showToast]);

  return (
    <ToastContext value={api}>
      {children}
      <ToastContainer
        position="top-end"
        containerPosition="fixed"
        className="p-3"
        aria-live="polite"
        aria-atomic="false"
      >
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            className={`text-bg-${toast.variant ?? 'success'}`}
            autohide
            delay={clampToastDelay(toast.delay)}
            onClose={() => dismiss(toast.id)}
          >
            <div className="d-flex align-items-start">
              <Toast.Body className="flex-grow-1">{toast.message}</Toast.Body>
              <CloseButton
                variant="white"
                className="m-2"
                aria-label={t('common.close')}
                onClick={() => dismiss(toast.id)}
              />
            </div>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext>
  );
}
