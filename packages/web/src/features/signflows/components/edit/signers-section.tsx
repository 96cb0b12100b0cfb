import type { UserListItem } from '@esign/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldIds, NoticeList } from './signflow-edit-field-error.tsx';
import type { Notices } from './signflow-edit-notices.ts';
import { emptySigner, type SignFlowFormValues } from './signflow-edit-values.ts';
import { SignOrderField } from './signers-section-order.tsx';
import { SignersSettings } from './signers-section-settings.tsx';
import { useSignerDrag } from './signer-drag.ts';
import { stepTarget } from './signer-order.ts';
import { SignerRow, signerButtonId } from './signer-row.tsx';
import { SignerUserPicker } from './signer-user-picker.tsx';

interface SignersSectionProps {
  notices: Notices;
}

const focusById = (...ids: string[]) =>
  requestAnimationFrame(() => {
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element instanceof HTMLButtonElement && !element.disabled) {
        element.focus();
        return;
      }
    }
  });

/** Sign order, the signer rows, adding signers, and the group, inspector and reminders. */
export function SignersSection({ notices }: SignersSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const listHeadingId = useId();
  const { control, getValues } = useFormContext<SignFlowFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'Signers' });
  const signers = useWatch({ control, name: 'Signers' });
  const sequential = useWatch({ control, name: 'SignatureProcess' }) === 'Sequential';
  const [announcement, setAnnouncement] = useState('');
  const signersInvalid = (notices.byArea.Signers ?? []).length > 0;

  const announceMove = (to: number) => {
    const signer = getValues(`Signers.${to}`);
    const name = signer.Name.trim() || signer.Email.trim() || String(to + 1);
    setAnnouncement(t('signflow.edit.signers.moved', { name, number: to + 1 }));
  };
  const moveSigner = (from: number, to: number) => {
    move(from, to);
    requestAnimationFrame(() => announceMove(to));
  };
  const drag = useSignerDrag(moveSigner);

  const handleStep = (index: number, direction: 'up' | 'down') => {
    const to = stepTarget(index, direction, fields.length);
    if (to === undefined) return;
    moveSigner(index, to);
    const other = direction === 'up' ? 'down' : 'up';
    focusById(signerButtonId(direction, to), signerButtonId(other, to));
  };
  const handleRemove = (index: number) => {
    remove(index);
    const next = Math.min(index, fields.length - 2);
    focusById(...(next >= 0 ? [signerButtonId('remove', next)] : []), 'add-signer');
  };
  const handleAdd = () => {
    notices.clear('Signers');
    append(emptySigner());
  };
  const handleChooseUser = (user: UserListItem) => {
    notices.clear('Signers');
    append({ ...emptySigner(), Name: user.DisplayName, Email: user.Email }, { shouldFocus: false });
    setAnnouncement(t('signflow.edit.signers.added', { name: user.DisplayName }));
  };

  return (
    <section aria-labelledby={headingId} className="signflow-edit__section">
      <h2 id={headingId} className="h4">
        {t('signflow.edit.signers.heading')}
      </h2>
      <SignOrderField />
      <h3 id={listHeadingId} className="h6">
        {t('signflow.edit.signers.signerList')}
      </h3>
      {fields.length > 0 && (
        <p className="small text-body-secondary" id="signer-identity-code-hint">
          {t('signflow.edit.signers.personalIdentityCodeHint')}
        </p>
      )}
      {fields.length === 0 ? (
        <p className="text-body-secondary">{t('signflow.edit.signers.noSigners')}</p>
      ) : (
        <ol className="signer-list" aria-labelledby={listHeadingId}>
          {fields.map((field, index) => (
            <SignerRow
              key={field.id}
              index={index}
              count={fields.length}
              sequential={sequential}
              onRemove={() => handleRemove(index)}
              onStep={(direction) => handleStep(index, direction)}
              drag={drag.rowProps(index)}
            />
          ))}
        </ol>
      )}
      <NoticeList area="Signers" notices={notices.byArea.Signers} />
      <div className="visually-hidden" role="status">
        {announcement}
      </div>
      <div className="signers-add">
        <Button
          id="add-signer"
          variant="outline-primary"
          className="mb-3"
          onClick={handleAdd}
          data-invalid={signersInvalid ? true : undefined}
          aria-describedby={signersInvalid ? fieldIds('Signers').errorId : undefined}
          data-testid="add-signer"
        >
          {t('signflow.edit.actions.addSigner')}
        </Button>
        <SignerUserPicker
          signerEmails={(signers ?? []).map((signer) => signer.Email)}
          onChoose={handleChooseUser}
        />
      </div>
      <SignersSettings />
    </section>
  );
}
