import type { CreatedApiToken } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { RevealOnceDialog } from '../../../components/secret/reveal-once-dialog.tsx';
import { ShownSecret } from '../../../components/secret/shown-secret.tsx';
import { CreateApiTokenForm } from './create-api-token-form.tsx';

interface CreateApiTokenDialogProps {
  show: boolean;
  maxDays: number;
  isAdmin: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Creates a token, then shows it once; closing forgets it (it is never fetched again). */
export function CreateApiTokenDialog(props: CreateApiTokenDialogProps) {
  const { t } = useTranslation();
  return (
    <RevealOnceDialog<CreatedApiToken>
      show={props.show}
      onHide={props.onHide}
      onExited={props.onExited}
      testId="api-token-dialog"
      form={(titleId, onCreated) => (
        <CreateApiTokenForm
          titleId={titleId}
          maxDays={props.maxDays}
          isAdmin={props.isAdmin}
          onCancel={props.onHide}
          onCreated={onCreated}
        />
      )}
      shown={(titleId, created) => (
        <ShownSecret
          titleId={titleId}
          title={t('apiTokens.shown.title')}
          warning={t('apiTokens.shown.warning')}
          label={t('apiTokens.shown.label', { name: created.Name })}
          value={created.Token}
          onDone={props.onHide}
          testId="api-token-shown"
          valueTestId="api-token-value"
        />
      )}
    />
  );
}
