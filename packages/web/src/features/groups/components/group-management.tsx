import type { GroupListItem } from '@esign/contract';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../api/list-user-groups.ts';
import { GroupCreateForm } from './group-create-form.tsx';
import { GroupEditor } from './group-editor.tsx';
import { RemoveGroupDialog } from './remove-group-dialog.tsx';
import './groups.css';

/** The groups of the organisation: create, edit members and identifier, save, remove. */
export function GroupManagement() {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const groups = useUserGroups();
  const [removing, setRemoving] = useState<GroupListItem | null>(null);
  const [showRemove, setShowRemove] = useState(false);

  const handleRemoveExited = (removed: boolean) => {
    setRemoving(null);
    // The group's own buttons are gone with it; the list's heading takes the focus.
    if (removed) headingRef.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h3">
        {t('groups.heading')}
      </h2>
      <GroupCreateForm />
      {groups.isPending ? (
        <Spinner animation="border" role="status" size="sm">
          <span className="visually-hidden">{t('common.loading')}</span>
        </Spinner>
      ) : groups.isError ? (
        <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
      ) : groups.data.length === 0 ? (
        <p className="text-body-secondary">{t('groups.empty')}</p>
      ) : (
        groups.data.map((group) => (
          <GroupEditor
            key={group.Id}
            group={group}
            onRemove={(chosen) => {
              setRemoving(chosen);
              setShowRemove(true);
            }}
          />
        ))
      )}
      <RemoveGroupDialog
        group={removing}
        show={showRemove}
        onHide={() => setShowRemove(false)}
        onExited={handleRemoveExited}
      />
    </section>
  );
}
