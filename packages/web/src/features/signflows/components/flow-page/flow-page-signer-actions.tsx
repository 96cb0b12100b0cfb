import { signingErrorKeys, type Signer } from '@esign/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { ApiError } from '../../../../lib/http.ts';
import { useRemindSigner } from '../../api/remind-signer.ts';
import { useSigningUrl } from '../../api/get-signing-url.ts';
import { errorKeyOf } from '../../utils/error-key-of.ts';
import { signerName } from '../../utils/flow-outcome.ts';

/** A reminder refused because the signer was reminded within the hour says so. */
function remindErrorKey(error: unknown) {
  return error instanceof ApiError && error.body?.key === signingErrorKeys.remindedRecently
    ? signingErrorKeys.remindedRecently
    : errorKeyOf(error);
}

interface SignerActionsProps {
  flowId: string;
  signer: Signer;
  index: number;
}

/** For a signer who still has to sign: copy their signing link, or mail them a reminder now. */
export function FlowPageSignerActions({ flowId, signer, index }: SignerActionsProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const signingUrl = useSigningUrl();
  const remind = useRemindSigner();
  const [manualUrl, setManualUrl] = useState<string | undefined>();
  const manualId = useId();
  const name = signerName(signer);
  const ids = { signFlowId: flowId, signerId: signer.Guid };
  const invited = signer.InvitedTimeUtc !== null;

  const copyLink = () => {
    setManualUrl(undefined);
    signingUrl.mutate(ids, {
      onSuccess: async (url) => {
        try {
          await navigator.clipboard.writeText(url);
          showToast({ message: t('signflow.linkDialog.copied') });
        } catch {
          setManualUrl(url);
        }
      },
      onError: (error) => showToast({ message: t(errorKeyOf(error)), variant: 'danger' }),
    });
  };

  return (
    <div className="flow-page__signer-actions">
      <div className="flow-page__signer-buttons">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={signingUrl.isPending}
          onClick={copyLink}
          data-testid={`copy-link-${index}`}
        >
          {t('signflow.page.signers.copyLink')}
          <span className="visually-hidden"> {name}</span>
        </Button>
        {invited && (
          <Button
            variant="outline-primary"
            size="sm"
            disabled={remind.isPending}
            onClick={() =>
              remind.mutate(ids, {
                onSuccess: () =>
                  showToast({ message: t('signflow.page.signers.reminded', { name }) }),
              })
            }
            data-testid={`remind-${index}`}
          >
            {remind.isPending
              ? t('signflow.page.signers.reminding')
              : t('signflow.page.signers.remind')}
            <span className="visually-hidden"> {name}</span>
          </Button>
        )}
      </div>
      {remind.isError && (
        <p
          role="alert"
          className="text-danger small mt-2 mb-0"
          data-testid={`remind-error-${index}`}
        >
          {t(remindErrorKey(remind.error))}
        </p>
      )}
      {manualUrl !== undefined && (
        <div className="mt-2">
          <label htmlFor={manualId} className="form-label small">
            {t('signflow.linkDialog.copyManually')}
          </label>
          <input
            id={manualId}
            className="form-control form-control-sm"
            readOnly
            value={manualUrl}
            onFocus={(event) => event.target.select()}
          />
        </div>
      )}
    </div>
  );
}
