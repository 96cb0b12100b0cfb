import Form from 'react-bootstrap/Form';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TemplateFormValues } from './template-form-values.ts';

type Path = FieldPath<TemplateFormValues>;

/** The field's error as the server (or the form) gave it: a message key and its parameters. */
export function useFieldIssue(path: Path): string | undefined {
  const { t } = useTranslation();
  const { getFieldState, formState } = useFormContext<TemplateFormValues>();
  const error = getFieldState(path, formState).error;
  if (error?.message === undefined || error.message === '') return undefined;
  const params = Object.fromEntries(
    Object.entries(error.types ?? {}).filter(([, value]) => typeof value === 'string'),
  );
  // The flow's "needs a name" would speak of a signing request.
  const key =
    path === 'Name' && error.message === 'validation.nameRequired'
      ? 'templates.edit.nameRequired'
      : error.message;
  return t(key as 'validation.invalidValue', params);
}

interface TextFieldProps {
  path: Path;
  label: string;
  type?: 'text' | 'email';
  className?: string;
  required?: boolean;
  hint?: string;
  multiline?: boolean;
  testId?: string;
}

/** A labelled text input whose error is read with it (aria-describedby). */
export function TemplateTextField(props: TextFieldProps) {
  const { path, label, type = 'text', className, required, hint, multiline, testId } = props;
  const { register } = useFormContext<TemplateFormValues>();
  const issue = useFieldIssue(path);
  const id = `template-${path.replaceAll('.', '-')}`;
  const described = [hint ? `${id}-hint` : '', issue ? `${id}-error` : ''].filter(Boolean);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={multiline ? undefined : type}
        as={multiline ? 'textarea' : undefined}
        rows={multiline ? 3 : undefined}
        autoComplete="off"
        {...register(path)}
        aria-required={required ? 'true' : undefined}
        isInvalid={issue !== undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        data-testid={testId}
      />
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
      {issue && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {issue}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
