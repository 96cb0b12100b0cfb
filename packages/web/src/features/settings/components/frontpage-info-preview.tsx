import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeMarkdown } from '../../../components/safe-markdown.tsx';

/** The text as the front page will show it, rendered as safely as there; empty shows the default. */
export function FrontpageInfoPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const trimmed = text.trim();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="h5">
        {t('settings.frontpageInfo.preview')}
      </h3>
      <div className="border rounded p-3" data-testid="frontpage-info-preview">
        {trimmed === '' ? (
          <>
            <p className="text-body-secondary">{t('settings.frontpageInfo.emptyPreview')}</p>
            <p className="mb-0">{t('frontpage.defaultIntro')}</p>
          </>
        ) : (
          <SafeMarkdown text={trimmed} />
        )}
      </div>
    </section>
  );
}
