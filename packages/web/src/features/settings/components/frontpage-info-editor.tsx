import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../../../lib/common-config.ts';
import { useFrontpageInfo } from '../../frontpage/api/get-frontpage-info.ts';
import { FrontpageInfoEditorForm } from './frontpage-info-form.tsx';

/** The front-page intro text editor; with IsFrontpageInfoEditable off it only says so. */
export function FrontpageInfoEditor() {
  const { t } = useTranslation();
  const headingId = useId();
  const { IsFrontpageInfoEditable } = useCommonConfig();
  const info = useFrontpageInfo();

  let body;
  if (!IsFrontpageInfoEditable) {
    body = <p className="text-body-secondary">{t('settings.frontpageInfo.notEditable')}</p>;
  } else if (info.isPending) {
    body = (
      <Spinner animation="border" role="status" size="sm">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    );
  } else if (info.isError) {
    body = <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>;
  } else {
    body = <FrontpageInfoEditorForm savedText={info.data} />;
  }

  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h3">
        {t('settings.frontpageInfo.heading')}
      </h2>
      <p>{t('settings.frontpageInfo.description')}</p>
      {body}
    </section>
  );
}
