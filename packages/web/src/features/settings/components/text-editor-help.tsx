import { useTranslation } from 'react-i18next';
import { HelpButton } from '../../../components/popover/help-button.tsx';

/** SPEC §2's text-editor help: heading and link formatting tips, and what is not shown. */
export function TextEditorHelp() {
  const { t } = useTranslation();
  return (
    <HelpButton
      label={t('settings.textEditorHelp.button')}
      title={t('settings.textEditorHelp.title')}
    >
      <ul className="ps-3 mb-0">
        <li>{t('settings.textEditorHelp.headings')}</li>
        <li>{t('settings.textEditorHelp.links')}</li>
        <li>{t('settings.textEditorHelp.paragraphs')}</li>
        <li>{t('settings.textEditorHelp.emphasis')}</li>
        <li>{t('settings.textEditorHelp.safety')}</li>
      </ul>
    </HelpButton>
  );
}
