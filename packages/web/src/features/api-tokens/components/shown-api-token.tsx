import type { CreatedApiToken } from '@esign/contract';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface ShownApiTokenProps {
  titleId: string;
  created: CreatedApiToken;
  onDone: () => void;
}

/** The new token, shown this once, with a copy button and the warning that it will not return. */
export function ShownApiToken({ titleId, created, onDone }: ShownApiTokenProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const handleCopy = () => {
    navigator.clipboard.writeText(created.Token).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <div data-testid="api-token-shown">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('apiTokens.shown.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning" id={`${ids}-warning`}>
          {t('apiTokens.shown.warning')}
        </Alert>
        <p className="form-label mb-1" id={`${ids}-label`}>
          {t('apiTokens.shown.label', { name: created.Name })}
        </p>
        <p
          className="api-token-shown__value border rounded p-2 bg-body-tertiary"
          aria-labelledby={`${ids}-label`}
          aria-describedby={`${ids}-warning`}
          data-testid="api-token-value"
        >
          {created.Token}
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button variant="outline-primary" onClick={handleCopy}>
            {t('apiTokens.shown.copy')}
          </Button>
          <span role="status" className="small">
            {copy === 'copied'
              ? t('apiTokens.shown.copied')
              : copy === 'failed'
                ? t('apiTokens.shown.copyFailed')
                : ''}
          </span>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onDone}>{t('apiTokens.shown.done')}</Button>
      </Modal.Footer>
    </div>
  );
}
