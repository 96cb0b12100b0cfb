import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../../../lib/common-config.ts';
import { useSession } from '../../../lib/session.ts';
import { GroupManagement } from '../components/group-management.tsx';

/** Organisation info (/groups): the organisation's name and BIC, then its groups. */
export function GroupsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const { GroupManagementEnabled } = useCommonConfig();

  return (
    <>
      <h1>{t('groups.title')}</h1>
      <section aria-labelledby="organisation-heading" className="mb-5">
        <h2 id="organisation-heading" className="h3">
          {t('groups.organisation.heading')}
        </h2>
        <dl className="row mb-0">
          <dt className="col-sm-3">{t('groups.organisation.name')}</dt>
          <dd className="col-sm-9" data-testid="organisation-name">
            {session?.OrganizationName ?? ''}
          </dd>
          <dt className="col-sm-3">{t('groups.organisation.bic')}</dt>
          <dd className="col-sm-9" data-testid="organisation-bic">
            {session?.BIC ?? ''}
          </dd>
        </dl>
      </section>
      {GroupManagementEnabled && <GroupManagement />}
    </>
  );
}
