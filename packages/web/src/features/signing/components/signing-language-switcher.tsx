import { languages, languageNames } from '@esign/contract';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/icons.tsx';
import { switchLanguage } from '../../../lib/locale.ts';

/** The signer's own language choice (fi, en, sv), remembered for their next visit. */
export function SigningLanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-switcher d-flex align-items-center gap-2">
      <GlobeIcon />
      <label htmlFor="signing-language" className="visually-hidden">
        {t('language.label')}
      </label>
      <Form.Select
        id="signing-language"
        size="sm"
        data-testid="signing-language"
        value={i18n.language}
        onChange={(event) => void switchLanguage(event.target.value)}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code] ?? code}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
