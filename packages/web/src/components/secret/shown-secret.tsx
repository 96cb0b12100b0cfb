import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import './secret.css';

interface ShownSecretProps {
  titleId: string;
  title: string;
  /** That this is the only time it is shown, and what to do if it is lost. */
  warning: string;
  label: string;
  value: string;
  onDone: () => void;
  testId: string;
  valueTestId: string;
}

/** A new secret (an API token, a webhook's signing secret) shown this once, with a copy button. */
export function ShownSecret(props: ShownSecretProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const handleCopy = () => {
    navigator.clipboard.writeText(props.value).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <div data-testid={props.testId}>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={props.titleId} as="h2" className="h5">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning" id={`${ids}-warning`}>
          {props.warning}
        </Alert>
        <p className="form-label mb-1 shown-secret__label" id={`${ids}-label`}>
          {props.label}
        </p>
        <p
          className="shown-secret__value border rounded p-2 bg-body-tertiary"
          aria-labelledby={`${ids}-label`}
          aria-describedby={`${ids}-warning`}
          data-testid={props.valueTestId}
        >
          {props.value}
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button variant="outline-primary" onClick={handleCopy}>
            {t('secret.copy')}
          </Button>
          <span role="status" className="small">
            {copy === 'copied'
              ? t('secret.copied')
              : copy === 'failed'
                ? t('secret.copyFailed')
                : ''}
          </span>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={props.onDone}>{t('secret.done')}</Button>
      </Modal.Footer>
    </div>
  );
}
