import { useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../../components/date-input/date-input.tsx';
import { useLoadedCommonConfig } from '../../../../lib/common-config.ts';
import { expiryDateRangeOf } from '../../utils/expiry-date.ts';
import { FieldErrorText, fieldIds } from './signflow-edit-field-error.tsx';
import { issueMessageOf } from './signflow-edit-issues.ts';
import type { SignFlowFormValues } from './signflow-edit-values.ts';

/** The last day to sign: from today to SigningDeadlineMaxDays ahead in the portal's time zone. */
export function ExpiryDateField() {
  const { t } = useTranslation();
  const config = useLoadedCommonConfig();
  const { control, formState } = useFormContext<SignFlowFormValues>();
  const range = useMemo(() => expiryDateRangeOf(config), [config]);
  const issue = issueMessageOf(formState.errors.ExpiryDate);
  const { inputId, errorId } = fieldIds('ExpiryDate');

  return (
    <Form.Group className="col-md-4" data-testid="expiry-date-field">
      <Form.Label htmlFor={inputId}>{t('signflow.edit.expiryDate.label')}</Form.Label>
      <Controller
        control={control}
        name="ExpiryDate"
        render={({ field }) => (
          <DateInput
            id={inputId}
            value={field.value}
            onChange={field.onChange}
            isInvalid={issue !== undefined}
            describedBy={issue !== undefined ? errorId : undefined}
            min={range.min}
            max={range.max}
          />
        )}
      />
      <FieldErrorText path="ExpiryDate" issue={issue} />
    </Form.Group>
  );
}
