import type { GroupListItem } from '@esign/contract';
import { useId, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useGroupUsers } from '../api/get-group-users.ts';
import { GroupEditorForm } from './group-editor-form.tsx';

interface GroupEditorProps {
  group: GroupListItem;
  onRemove: (group: GroupListItem) => void;
}

/** One group as a labelled region: its name and type, then its members and identifier. */
export function GroupEditor({ group, onRemove }: GroupEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const users = useGroupUsers(group.Id);

  return (
    <section className="card mb-3" aria-labelledby={headingId} data-testid="group-editor">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="h5 mb-0 text-break">
            {group.Name}
          </h3>
          <span className="text-body-secondary small">
            {t('groups.type')}: {t(`roleType.${group.Type}`)}
          </span>
        </div>
        {users.isPending ? (
          <Spinner animation="border" role="status" size="sm">
            <span className="visually-hidden">{t('common.loading')}</span>
          </Spinner>
        ) : users.isError ? (
          <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
        ) : (
          <GroupEditorForm
            groupId={group.Id}
            saved={users.data}
            headingRef={headingRef}
            onRemove={() => onRemove(group)}
            onReload={() => users.refetch()}
          />
        )}
      </div>
    </section>
  );
}
