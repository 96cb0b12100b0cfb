import { limits } from '@esign/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldErrorText, fieldIds, invalidProps } from './signflow-edit-field-error.tsx';
import { issueMessageOf } from './signflow-edit-issues.ts';
import type { RecipientListName, SignFlowFormValues } from './signflow-edit-values.ts';

const focusById = (id: string) =>
  requestAnimationFrame(() => {
    document.getElementById(id)?.focus();
  });

/** The words of each list: copy recipients (told, get the result) and viewers (read while out). */
const wordsOf = {
  CopyRecipients: {
    heading: 'signflow.edit.recipients.copyHeading',
    hint: 'signflow.edit.recipients.copyHint',
    none: 'signflow.edit.recipients.noCopyRecipients',
    one: 'signflow.edit.recipients.copyRecipient',
    add: 'signflow.edit.recipients.addCopyRecipient',
    remove: 'signflow.edit.recipients.removeCopyRecipient',
    testId: 'copy-recipient',
  },
  Viewers: {
    heading: 'signflow.edit.recipients.viewerHeading',
    hint: 'signflow.edit.recipients.viewerHint',
    none: 'signflow.edit.recipients.noViewers',
    one: 'signflow.edit.recipients.viewer',
    add: 'signflow.edit.recipients.addViewer',
    remove: 'signflow.edit.recipients.removeViewer',
    testId: 'viewer',
  },
} as const;

const fields = [
  { field: 'Name', label: 'signflow.edit.signers.name', type: 'text' },
  { field: 'Email', label: 'signflow.edit.signers.email', type: 'email' },
] as const;

/** One list of people who do not sign, each a name and an e-mail address, added and removed by button. */
function RecipientList({ name }: { name: RecipientListName }) {
  const { t } = useTranslation();
  const words = wordsOf[name];
  const headingId = useId();
  const hintId = useId();
  const { control, register, formState } = useFormContext<SignFlowFormValues>();
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  const [announcement, setAnnouncement] = useState('');
  const addId = `add-${words.testId}`;
  const full = rows.length >= limits.maxRecipients;
  const listErrors = formState.errors[name];
  // A problem of the list itself (too many): react-hook-form keeps it on the array or its root.
  const listIssue = issueMessageOf(
    (listErrors as FieldError | undefined)?.message !== undefined
      ? (listErrors as FieldError)
      : listErrors?.root,
  );

  const handleRemove = (index: number) => {
    remove(index);
    setAnnouncement(t('signflow.edit.recipients.removed', { number: index + 1 }));
    const next = Math.min(index, rows.length - 2);
    focusById(next >= 0 ? `${words.testId}-remove-${next}` : addId);
  };

  return (
    <div className="recipient-list mb-3" data-testid={`${words.testId}-list`}>
      <h3 id={headingId} className="h6">
        {t(words.heading)}
      </h3>
      <p id={hintId} className="small text-body-secondary">
        {t(words.hint, { n: limits.maxRecipients })}
      </p>
      {rows.length === 0 ? (
        <p className="text-body-secondary">{t(words.none)}</p>
      ) : (
        <ol className="signer-list" aria-labelledby={headingId}>
          {rows.map((row, index) => {
            const rowErrors = listErrors?.[index];
            return (
              <li key={row.id} className="signer-row" data-testid={`${words.testId}-row`}>
                <fieldset>
                  <legend className="signer-row__legend">
                    {t(words.one, { number: index + 1 })}
                  </legend>
                  <div className="row g-2">
                    {fields.map(({ field, label, type }) => {
                      const path = `${name}.${index}.${field}` as const;
                      const issue = issueMessageOf(rowErrors?.[field]);
                      return (
                        <Form.Group
                          key={field}
                          className="col-md-6"
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
                            data-testid={`${words.testId}-${field.toLowerCase()}-${index}`}
                          />
                          <FieldErrorText path={path} issue={issue} />
                        </Form.Group>
                      );
                    })}
                  </div>
                  <div className="signer-row__actions">
                    <Button
                      id={`${words.testId}-remove-${index}`}
                      variant="outline-danger"
                      size="sm"
                      aria-label={t(words.remove, { number: index + 1 })}
                      onClick={() => handleRemove(index)}
                    >
                      {t('common.remove')}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <FieldErrorText path={name} issue={listIssue} />
      <div className="visually-hidden" role="status">
        {announcement}
      </div>
      <Button
        id={addId}
        variant="outline-primary"
        disabled={full}
        aria-describedby={hintId}
        onClick={() => append({ Name: '', Email: '' })}
        data-testid={`add-${words.testId}`}
      >
        {t(words.add)}
      </Button>
    </div>
  );
}

/** Copy recipients and viewers: people who are told of the flow or may read it, and never sign. */
export function RecipientsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="signflow-edit__section"
      data-testid="recipients-section"
    >
      <h2 id={headingId} className="h4">
        {t('signflow.edit.recipients.heading')}
      </h2>
      <RecipientList name="CopyRecipients" />
      <RecipientList name="Viewers" />
    </section>
  );
}
