import type { DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldErrorText, fieldIds, invalidProps } from './signflow-edit-field-error.tsx';
import { issueMessageOf } from './signflow-edit-issues.ts';
import type { SignFlowFormValues } from './signflow-edit-values.ts';

export const signerButtonId = (action: 'up' | 'down' | 'remove', index: number) =>
  `signer-${action}-${index}`;

/** Pointer reordering: the handle starts a drag, the row takes the drop. */
export interface SignerRowDrag {
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
  dropPlace: 'before' | 'after' | undefined;
}

interface SignerRowProps {
  index: number;
  count: number;
  sequential: boolean;
  onRemove: () => void;
  onStep: (direction: 'up' | 'down') => void;
  drag: SignerRowDrag;
}

// Widths on a wide screen: the e-mail address gets the most room, as real addresses are long.
const textFields = [
  {
    field: 'Name',
    label: 'signflow.edit.signers.name',
    type: 'text',
    testId: 'signer-name',
    width: 'col-xl-3',
  },
  {
    field: 'Email',
    label: 'signflow.edit.signers.email',
    type: 'email',
    testId: 'signer-email',
    width: 'col-xl-4',
  },
  {
    field: 'Organisation',
    label: 'signflow.edit.signers.organisation',
    type: 'text',
    testId: 'signer-organisation',
    width: 'col-xl-2',
  },
  {
    field: 'PersonalIdentityCode',
    label: 'signflow.edit.signers.personalIdentityCode',
    type: 'text',
    testId: 'signer-identity-code',
    width: 'col-xl-3',
  },
] as const;

/**
 * One signer: name, e-mail, organisation and (optionally) the personal identity code an
 * Advanced or Qualified signer must prove; in sequential order it can be moved.
 */
export function SignerRow(props: SignerRowProps) {
  const { index, count, sequential, onRemove, onStep, drag } = props;
  const { t } = useTranslation();
  const { register, formState, getValues } = useFormContext<SignFlowFormValues>();
  const number = index + 1;
  // A template's role names the row ("Employee"); the number stays for order.
  const role = getValues(`Signers.${index}.Role`);
  const rowErrors = formState.errors.Signers?.[index];
  const movable = sequential && count > 1;

  return (
    <li
      className={`signer-row${drag.dropPlace ? ` signer-row--drop-${drag.dropPlace}` : ''}`}
      data-testid="signer-row"
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
    >
      <fieldset>
        <legend className="signer-row__legend">
          {movable && (
            <span
              className="signer-row__handle"
              draggable
              aria-hidden="true"
              title={t('signflow.edit.signers.dragHandle')}
              onDragStart={drag.onDragStart}
              onDragEnd={drag.onDragEnd}
            >
              ⠿
            </span>
          )}
          {role
            ? t('signflow.edit.signers.roleSigner', { role, number })
            : t('signflow.edit.signers.signer', { number })}
        </legend>
        <div className="row g-2">
          {textFields.map(({ field, label, type, testId, width }) => {
            const path = `Signers.${index}.${field}` as const;
            const issue = issueMessageOf(rowErrors?.[field]);
            return (
              <Form.Group
                key={field}
                className={`col-md-6 ${width}`}
                controlId={fieldIds(path).inputId}
              >
                <Form.Label className="small mb-1">{t(label)}</Form.Label>
                <Form.Control
                  type={type}
                  autoComplete="off"
                  {...register(path)}
                  aria-required={field === 'Email' ? 'true' : undefined}
                  isInvalid={issue !== undefined}
                  {...invalidProps(path, issue)}
                  data-testid={`${testId}-${index}`}
                />
                <FieldErrorText path={path} issue={issue} />
              </Form.Group>
            );
          })}
        </div>
        <div className="signer-row__actions">
          {movable && (
            <>
              <Button
                id={signerButtonId('up', index)}
                variant="outline-secondary"
                size="sm"
                disabled={index === 0}
                aria-label={t('signflow.edit.signers.moveUp', { number })}
                onClick={() => onStep('up')}
              >
                <span aria-hidden="true">↑</span>
              </Button>
              <Button
                id={signerButtonId('down', index)}
                variant="outline-secondary"
                size="sm"
                disabled={index === count - 1}
                aria-label={t('signflow.edit.signers.moveDown', { number })}
                onClick={() => onStep('down')}
              >
                <span aria-hidden="true">↓</span>
              </Button>
            </>
          )}
          <Button
            id={signerButtonId('remove', index)}
            variant="outline-danger"
            size="sm"
            aria-label={t('signflow.edit.signers.removeNumbered', { number })}
            onClick={onRemove}
          >
            {t('common.remove')}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
