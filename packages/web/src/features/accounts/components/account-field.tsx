import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface AccountFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  /** A hint under the field, read with it. */
  hint?: ReactNode;
  /** The field's translated error, shown under it and read with it. */
  error?: string;
}

/** One labelled input of the account forms, with its hint and inline error tied to it. */
export function AccountField({
  label,
  registration,
  type = 'text',
  autoComplete,
  required = false,
  hint,
  error,
}: AccountFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((id) => id !== null)
    .join(' ');
  return (
    <Form.Group className="mb-3 account-field">
      <Form.Label htmlFor={inputId}>{label}</Form.Label>
      <Form.Control
        id={inputId}
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        {...registration}
      />
      {hint !== undefined && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error !== undefined && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </Form.Group>
  );
}
