import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const mainContentId = 'main';

/** The first focusable element: jumps past the header and moves focus into main. */
export function SkipLink() {
  const { t } = useTranslation();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(mainContentId);
    if (main === null) return;
    // The router owns the URL, so focus moves by hand rather than through a #main fragment.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }

  return (
    <a href={`#${mainContentId}`} className="skip-link" onClick={handleClick}>
      {t('nav.skipToMain')}
    </a>
  );
}
