import { groupIdentifierMaxLength } from '@esign/contract';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

interface GroupIdentifierFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The group identifier (HakaGroupId): a login that carries it joins the group. */
export function GroupIdentifierField({ value, onChange }: GroupIdentifierFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const tooLong = value.trim().length > groupIdentifierMaxLength;
  return (
    <Form.Group className="mb-3" style={{ maxWidth: '32rem' }}>
      <Form.Label htmlFor={inputId}>{t('groups.groupIdentifier')}</Form.Label>
      <Form.Control
        id={inputId}
        type="text"
        value={value}
        isInvalid={tooLong}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${errorId} ${helpId}` : helpId}
        onChange={(event) => onChange(event.target.value)}
      />
      {tooLong && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {t('validation.maxLength', { n: groupIdentifierMaxLength })}
        </div>
      )}
      <div id={helpId} className="form-text">
        {t('groups.groupIdentifierHelp')}
      </div>
    </Form.Group>
  );
}
