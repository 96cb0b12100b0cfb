import { groupIdentifierMaxLength, type GroupUsersWithStamp } from '@esign/contract';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useUnsavedChanges } from '../../../components/unsaved-changes/unsaved-changes-context.ts';
import { useCommonConfig } from '../../../lib/common-config.ts';
import { isGroupConflict, useUpdateGroup } from '../api/update-group.ts';
import {
  addMember,
  draftOf,
  hasUnsavedChanges,
  removeMember,
  updateRequestOf,
} from '../utils/group-draft.ts';
import { GroupIdentifierField } from './group-identifier-field.tsx';
import { GroupMemberList } from './group-member-list.tsx';
import { GroupMemberPicker } from './group-member-picker.tsx';

interface GroupEditorFormProps {
  groupId: string;
  saved: GroupUsersWithStamp;
  onRemove: () => void;
  /** Reads the group again after a conflict; resolves when the fresh copy is in. */
  onReload: () => Promise<unknown>;
  /** The group's heading, where the focus goes once the group is reloaded. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** One group's members and identifier, saved together; a stale copy gets the conflict message. */
export function GroupEditorForm(props: GroupEditorFormProps) {
  const { groupId, saved, onRemove, onReload, headingRef } = props;
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { ShowHakaGroupId } = useCommonConfig();
  const update = useUpdateGroup();
  const pickerRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(() => draftOf(saved));
  // A new stamp (our save, or a reload) means a new saved copy: the draft starts from it.
  const [draftStamp, setDraftStamp] = useState(saved.ConcurrencyStamp);
  if (draftStamp !== saved.ConcurrencyStamp) {
    setDraftStamp(saved.ConcurrencyStamp);
    setDraft(draftOf(saved));
  }
  const conflict = update.isError && isGroupConflict(update.error);
  const unsaved = hasUnsavedChanges(saved, draft);
  useUnsavedChanges(unsaved);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || draft.identifier.trim().length > groupIdentifierMaxLength) return;
    update.mutate(updateRequestOf(groupId, saved, draft), {
      onSuccess: () => showToast({ message: t('dialogs.saved') }),
      onError: (error) => {
        if (!isGroupConflict(error))
          showToast({ message: t('dialogs.savingFailed'), variant: 'danger' });
      },
    });
  };
  const handleReload = async () => {
    await onReload();
    update.reset();
    headingRef.current?.focus();
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <GroupMemberList
        members={draft.members}
        onRemove={(member) => {
          setDraft(removeMember(draft, member.UserId));
          pickerRef.current?.focus();
        }}
      />
      <GroupMemberPicker
        inputRef={pickerRef}
        memberIds={draft.members.map((member) => member.UserId)}
        onChoose={(user) => setDraft(addMember(draft, user))}
      />
      {ShowHakaGroupId && (
        <GroupIdentifierField
          value={draft.identifier}
          onChange={(identifier) => setDraft({ ...draft, identifier })}
        />
      )}
      {conflict && (
        <Alert variant="warning" role="alert">
          <p>{t('groups.errors.conflict')}</p>
          <Button variant="outline-dark" size="sm" onClick={() => void handleReload()}>
            {t('groups.reload')}
          </Button>
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
        <Button type="submit" aria-busy={update.isPending}>
          {t('groups.save')}
        </Button>
        <Button variant="outline-danger" onClick={onRemove}>
          {t('groups.removeGroup')}
        </Button>
        {unsaved && <span className="form-text m-0">{t('groups.unsavedChanges')}</span>}
      </div>
    </form>
  );
}
