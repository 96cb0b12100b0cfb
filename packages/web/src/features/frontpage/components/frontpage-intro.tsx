import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { SafeMarkdown } from '../../../components/safe-markdown.tsx';
import { useFrontpageInfo } from '../api/get-frontpage-info.ts';

/** The administrator's intro text, or the default text when there is none or it fails to load. */
export function FrontpageIntro() {
  const { t } = useTranslation();
  const info = useFrontpageInfo();

  if (info.isPending) {
    return (
      <Spinner animation="border" role="status" size="sm">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    );
  }
  const text = info.isSuccess ? info.data.trim() : '';
  return (
    <div data-testid="frontpage-intro">
      {text === '' ? <p>{t('frontpage.defaultIntro')}</p> : <SafeMarkdown text={text} />}
    </div>
  );
}
