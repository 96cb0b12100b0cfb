import type { UserListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../../../components/user-picker/user-picker.tsx';
import { useUsers } from '../../../groups/api/list-users.ts';
import { isSignerAmong } from './signer-user-filter.ts';

interface SignerUserPickerProps {
  signerEmails: string[];
  onChoose: (user: UserListItem) => void;
}

/** 'Add signer from existing users': the portal's users who do not sign yet, filtered as one types. */
export function SignerUserPicker({ signerEmails, onChoose }: SignerUserPickerProps) {
  const { t } = useTranslation();
  const users = useUsers();
  return (
    <UserPicker
      users={users.data ?? []}
      isExcluded={isSignerAmong(signerEmails)}
      onChoose={onChoose}
      label={t('signflow.edit.actions.addSignerFromUsers')}
      placeholder={t('signflow.edit.signers.searchPlaceholder')}
      describeMatches={(count) =>
        count === 0
          ? t('signflow.edit.signers.noUsersFound')
          : t('signflow.edit.signers.usersFound', { count })
      }
      testId="add-existing-user"
    />
  );
}
