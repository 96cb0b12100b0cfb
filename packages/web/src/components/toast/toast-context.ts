import { createContext, useContext } from 'react';

export interface ToastMessage {
  message: string;
  variant?: 'success' | 'danger' | 'info';
  /** Auto-hide delay in ms; see clampToastDelay. */
  delay?: number;
}

export interface ToastApi {
  showToast: (toast: ToastMessage) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Shows short notices such as 'Saved.' that hide by themselves. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error('useToast must be used inside a ToastProvider');
  return api;
}
