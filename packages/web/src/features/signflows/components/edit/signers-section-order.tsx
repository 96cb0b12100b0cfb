import { SignatureProcess } from '@esign/contract';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldErrorText, fieldIds } from './signflow-edit-field-error.tsx';
import { issueMessageOf } from './signflow-edit-issues.ts';
import type { SignFlowFormValues } from './signflow-edit-values.ts';

const testIds: Record<SignatureProcess, string> = {
  Concurrent: 'sign-order-concurrent',
  Sequential: 'sign-order-sequential',
};

/** Sign order as a radio group: parallel (Concurrent) or sequential. */
export function SignOrderField() {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<SignFlowFormValues>();
  const issue = issueMessageOf(formState.errors.SignatureProcess);
  const path = 'SignatureProcess';

  return (
    <fieldset
      className="mb-3"
      aria-describedby={issue !== undefined ? fieldIds(path).errorId : undefined}
    >
      <legend className="form-label fs-6 mb-1">{t('signflow.edit.signers.signOrder')}</legend>
      {SignatureProcess.options.map((process) => (
        <Form.Check
          key={process}
          inline
          type="radio"
          id={`${fieldIds(path).inputId}-${process}`}
          value={process}
          label={t(`signflow.signatureProcess.${process}`)}
          {...register(path)}
          isInvalid={issue !== undefined}
          aria-invalid={issue !== undefined ? true : undefined}
          data-testid={testIds[process]}
        />
      ))}
      <FieldErrorText path={path} issue={issue} />
    </fieldset>
  );
}
