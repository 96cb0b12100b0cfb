import { keysPseudoLanguage, languageNames } from '@esign/contract';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../../lib/common-config.ts';
import { switchLanguage } from '../../lib/locale.ts';
import { GlobeIcon } from '../icons.tsx';

/** A labelled select of the languages the server offers; hidden when there is only one. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { Languages } = useCommonConfig();
  const id = useId();
  if (Languages.length < 2) return null;

  return (
    <div className="language-switcher d-flex align-items-center gap-2">
      <GlobeIcon />
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <Form.Select
        id={id}
        size="sm"
        data-testid="language-switcher"
        value={i18n.language}
        onChange={(event) => void switchLanguage(event.target.value)}
      >
        {Languages.map((code) => (
          <option key={code} value={code} lang={code === keysPseudoLanguage ? undefined : code}>
            {languageNames[code] ?? code}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
