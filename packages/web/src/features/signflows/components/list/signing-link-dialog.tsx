import type { SignFlowListItem } from '@esign/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { signFlowQueryOptions } from '../../api/get-signflow.ts';
import { useSigningUrl } from '../../api/get-signing-url.ts';
import { errorKeyOf } from '../../utils/error-key-of.ts';
import { DialogError, ListDialog } from '../list-dialog.tsx';

interface SigningLinkDialogProps {
  flow: SignFlowListItem;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Lets the sender pick a signer of a sent flow and copies that signer's signing link. */
export function SigningLinkDialog({ flow, show, onHide, onExited }: SigningLinkDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const signers = useQuery({
    ...signFlowQueryOptions(flow.Guid),
    select: (detail) => detail.Signers,
  });
  const signingUrl = useSigningUrl();
  const [chosenId, setChosenId] = useState<string | undefined>();
  // Shown only when the browser refuses the clipboard, so the user can copy it by hand.
  const [manualUrl, setManualUrl] = useState<string | undefined>();
  const signerId = useId();
  const manualId = useId();
  const signerList = signers.data ?? [];
  const chosen = chosenId ?? signerList[0]?.Guid;

  const handleCopy = () => {
    if (chosen === undefined) return;
    setManualUrl(undefined);
    signingUrl.mutate(
      { signFlowId: flow.Guid, signerId: chosen },
      {
        onSuccess: async (url) => {
          try {
            await navigator.clipboard.writeText(url);
            showToast({ message: t('signflow.linkDialog.copied') });
            onHide();
          } catch {
            setManualUrl(url);
          }
        },
        onError: (error) => showToast({ message: t(errorKeyOf(error)), variant: 'danger' }),
      },
    );
  };

  return (
    <ListDialog
      show={show}
      onHide={onHide}
      onExited={onExited}
      title={t('signflow.linkDialog.title')}
      testId="link-dialog"
      dismissLabel={t('common.close')}
      action={
        <button
          type="button"
          className="btn btn-primary"
          onClick={handleCopy}
          disabled={chosen === undefined || signingUrl.isPending}
          data-testid="link-copy"
        >
          {t('signflow.linkDialog.copy')}
        </button>
      }
    >
      <p className="fw-semibold text-break">{flow.Name}</p>
      {signers.isPending && <p role="status">{t('common.loading')}</p>}
      <DialogError
        message={signers.isError ? t(errorKeyOf(signers.error)) : null}
        className="mb-0"
      />
      {signers.isSuccess && signerList.length === 0 && (
        <p className="mb-0">{t('signflow.linkDialog.noSigners')}</p>
      )}
      {signerList.length > 0 && (
        <>
          <label htmlFor={signerId} className="form-label">
            {t('signflow.linkDialog.signer')}
          </label>
          <select
            id={signerId}
            className="form-select"
            value={chosen}
            onChange={(event) => setChosenId(event.target.value)}
            data-testid="link-signer"
          >
            {signerList.map((signer) => (
              <option key={signer.Guid} value={signer.Guid}>
                {signer.Name === '' ? signer.Email : `${signer.Name} <${signer.Email}>`}
              </option>
            ))}
          </select>
        </>
      )}
      {manualUrl !== undefined && (
        <div className="mt-3">
          <label htmlFor={manualId} className="form-label">
            {t('signflow.linkDialog.copyManually')}
          </label>
          <input
            id={manualId}
            className="form-control"
            readOnly
            value={manualUrl}
            onFocus={(event) => event.target.select()}
          />
        </div>
      )}
    </ListDialog>
  );
}
