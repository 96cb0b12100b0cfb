import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigningMessage } from '../utils/signing-error.ts';

interface FormAlertProps {
  message: SigningMessage | null;
  testId: string;
  /** Something to offer beside the message, such as sending a new code. */
  children?: ReactNode;
}

/** A failed call's message, announced to assistive technology as soon as it appears. */
export function FormAlert({ message, testId, children }: FormAlertProps) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <div role="alert" className="alert alert-danger mt-3 mb-0" data-testid={testId}>
      {t(message.key, message.params)}
      {children}
    </div>
  );
}
