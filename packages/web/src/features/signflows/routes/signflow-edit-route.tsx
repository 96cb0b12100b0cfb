import { useTranslation } from 'react-i18next';

/** The edit screen; copying uses the same screen (SPEC §2). Its form comes with the sign flow issue. */
export function SignFlowEditRoute({ mode }: { mode: 'edit' | 'copy' }) {
  const { t } = useTranslation();
  return <h1>{mode === 'edit' ? t('signflow.edit.title') : t('signflow.edit.copyTitle')}</h1>;
}
