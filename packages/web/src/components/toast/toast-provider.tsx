import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { ToastContext, type ToastApi, type ToastMessage } from './toast-context.ts';
import { clampToastDelay, withToast } from './toast-timing.ts';
import './toast.css';

interface ShownToast extends ToastMessage {
  id: number;
}

/** One toast: it waits while the pointer is over it or the focus is in it, then hides. */
function ShownToastItem({ toast, onClose }: { toast: ShownToast; onClose: () => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <Toast
      className={`text-bg-${toast.variant ?? 'success'}`}
      autohide={!hovered && !focused}
      delay={clampToastDelay(toast.delay)}
      onClose={onClose}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-testid="toast"
    >
      <div className="d-flex align-items-start">
        <Toast.Body className="flex-grow-1">{toast.message}</Toast.Body>
        <CloseButton
          variant="white"
          className="m-2"
          aria-label={t('common.close')}
          onClick={onClose}
        />
      </div>
    </Toast>
  );
}

/**
 * Short notices ('Saved.') in the bottom corner, where they cover none of the header's
 * controls; at most three at once, each pausing while pointed at or focused.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);

  const showToast = useCallback((toast: ToastMessage) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((shown) => withToast(shown, { ...toast, id }));
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);
  const api = useMemo<ToastApi>(() => ({ showToast }), [showToast]);

  return (
    <ToastContext value={api}>
      {children}
      <ToastContainer
        position="bottom-end"
        containerPosition="fixed"
        className="p-3 app-toasts"
        aria-live="polite"
        aria-atomic="false"
      >
        {toasts.map((toast) => (
          <ShownToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
        ))}
      </ToastContainer>
    </ToastContext>
  );
}
