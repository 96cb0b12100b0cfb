import type { Signer } from '@esign/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toast/toast-context.ts';
import { useUnlockSigner } from '../../api/unlock-signer.ts';
import { errorKeyOf } from '../../utils/error-key-of.ts';

/**
 * A signer whose link is locked after too many e-mail codes, while the flow is out for
 * signing: the sender sees why and can unlock it.
 */
export function LockedLink({ flowId, signer }: { flowId: string; signer: Signer }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const unlock = useUnlockSigner();
  const name = signer.Name || signer.Email;
  return (
    <Alert variant="warning" data-testid="locked-link">
      <p>{t('signflow.edit.signers.lockedNotice', { name })}</p>
      <Button
        variant="outline-dark"
        size="sm"
        disabled={unlock.isPending}
        onClick={() =>
          unlock.mutate(
            { signFlowId: flowId, signerId: signer.Guid },
            {
              onSuccess: () =>
                showToast({ message: t('signflow.edit.signers.unlocked', { name }) }),
            },
          )
        }
        data-testid="unlock-signer"
      >
        {unlock.isPending
          ? t('signflow.edit.signers.unlocking')
          : t('signflow.edit.signers.unlock')}
      </Button>
      {unlock.isError && (
        <p role="alert" className="text-danger mt-2 mb-0">
          {t(errorKeyOf(unlock.error))}
        </p>
      )}
    </Alert>
  );
}
