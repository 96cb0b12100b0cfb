import type { ApiTokenListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { apiTokenFormMessageKey } from '../utils/api-token-messages.ts';

interface RevokeApiTokenDialogProps {
  /** The token asked about; kept while the dialog closes, so its name stays in the title. */
  token: ApiTokenListItem | null;
  show: boolean;
  onHide: () => void;
  /** After the dialog has closed; revoked tells whether the token is gone. */
  onExited: (revoked: boolean) => void;
}

/** Confirms revoking a token and says what follows; a refusal is shown inside. */
export function RevokeApiTokenDialog({ token, show, onHide, onExited }: RevokeApiTokenDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const revoke = useRevokeApiToken();
  const name = token?.Name ?? '';

  const handleConfirm = () => {
    if (token === null || revoke.isPending) return;
    revoke.mutate(token.Id, {
      onSuccess: () => {
        showToast({ message: t('apiTokens.revoked', { name }) });
        onHide();
      },
    });
  };
  const handleExited = () => {
    onExited(revoke.isSuccess);
    revoke.reset();
  };

  const refusal = revoke.isError ? apiTokenFormMessageKey(revoke.error) : null;
  return (
    <RemoveDialog
      show={show && token !== null}
      onHide={onHide}
      onExited={handleExited}
      onConfirm={handleConfirm}
      pending={revoke.isPending}
      title={t('apiTokens.revokeDialog.title', { name })}
      text={t('apiTokens.revokeDialog.text')}
      confirmLabel={t('apiTokens.revokeDialog.confirm')}
      error={
        refusal === null
          ? null
          : refusal === 'errors.unexpected'
            ? t('apiTokens.revokeDialog.failed')
            : t(refusal)
      }
      testId="revoke-api-token-dialog"
    />
  );
}
