import { useTranslation } from 'react-i18next';
import { PersonalDataForm } from '../components/personal-data-form.tsx';

/** Personal-details queries (SPEC §2): everything held about one person, exported as CSV. */
export function PersonalReportsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('personalReports.title')}</h1>
      <div className="row">
        <div className="col-lg-8 col-xl-6">
          <p className="text-body-secondary">{t('personalReports.intro')}</p>
          <PersonalDataForm />
        </div>
      </div>
    </>
  );
}
