import { errorKeys } from '@esign/contract';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTemplate } from '../api/get-template.ts';
import { TemplateEditForm } from '../components/template-edit-form.tsx';
import '../components/templates.css';

/** The id that stands for a template not yet saved: /templates/new. */
export const newTemplateId = 'new';

/** The template editor (/templates/:id): a new template, or one the user may see. */
export function TemplateEditRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const isNew = id === newTemplateId;
  const query = useTemplate(isNew ? undefined : id);
  const title = isNew ? t('templates.edit.newTitle') : t('templates.edit.title');
  const back = (
    <Link to={paths.templates.getHref()} className="d-inline-block mb-3">
      {t('templates.edit.back')}
    </Link>
  );

  if (!isNew && query.data === undefined) {
    if (query.error instanceof ApiError && query.error.key === errorKeys.notFound) {
      return (
        <>
          <h1>{t('templates.edit.notFound')}</h1>
          {back}
        </>
      );
    }
    return (
      <>
        <h1>{title}</h1>
        {query.isError ? (
          <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
        ) : (
          <p role="status" className="screen-loading">
            {t('common.loading')}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <h1 className="text-break">{isNew ? title : (query.data?.Name ?? title)}</h1>
      <TemplateEditForm key={query.data?.Guid ?? 'new'} template={query.data} />
    </>
  );
}
