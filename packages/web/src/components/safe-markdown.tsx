import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

// The Markdown renderer is a large library: loaded only when a text is shown.
const MarkdownText = lazy(async () => ({
  default: (await import('./markdown-text.tsx')).MarkdownText,
}));

/** Editable text shown as Markdown: raw HTML is skipped, links only http, https and mailto, no images. */
export function SafeMarkdown({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="safe-markdown">
      <Suspense
        fallback={
          <Spinner animation="border" role="status" size="sm">
            <span className="visually-hidden">{t('common.loading')}</span>
          </Spinner>
        }
      >
        <MarkdownText text={text} />
      </Suspense>
    </div>
  );
}
