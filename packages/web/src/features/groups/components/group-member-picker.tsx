import type { UserListItem } from '@esign/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../../components/user-picker/user-picker.tsx';
import { useUsers } from '../api/list-users.ts';
import { isMemberOf } from '../utils/member-filter.ts';

interface GroupMemberPickerProps {
  memberIds: string[];
  onChoose: (user: UserListItem) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** 'Add a user': the portal's users who are not yet members, filtered as one types. */
export function GroupMemberPicker({ memberIds, onChoose, inputRef }: GroupMemberPickerProps) {
  const { t } = useTranslation();
  const users = useUsers();
  return (
    <UserPicker
      users={users.data ?? []}
      isExcluded={isMemberOf(memberIds)}
      onChoose={onChoose}
      label={t('groups.addUser')}
      placeholder={t('groups.searchUsers')}
      describeMatches={(count) =>
        count === 0 ? t('groups.noUsersFound') : t('groups.usersFound', { count })
      }
      {...(inputRef ? { inputRef } : {})}
    />
  );
}
