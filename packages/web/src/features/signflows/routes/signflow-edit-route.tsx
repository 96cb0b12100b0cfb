import { errorKeys } from '@esign/contract';
import { useDeferredValue } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSignFlow } from '../api/get-signflow.ts';
import { FlowPage } from '../components/flow-page/flow-page.tsx';
import { useEditorKey } from '../components/edit/signflow-edit-continuation.ts';
import { SignFlowEditForm } from '../components/edit/signflow-edit-form.tsx';

/** The id that stands for a draft not yet saved: /esign/edit/new. */
export const newSignFlowId = 'new';

/**
 * The edit screen; copying uses the same screen (SPEC §2), as a new draft prefilled from the
 * source. A flow that has left the draft state has its own page at the same address.
 */
export function SignFlowEditRoute({ mode }: { mode: 'edit' | 'copy' }) {
  const { t } = useTranslation();
  const location = useLocation();
  const id = useParams().id ?? '';
  const isNew = mode === 'edit' && id === newSignFlowId;
  const query = useSignFlow(isNew ? undefined : id);
  const editorKey = useEditorKey(`${mode}/${id}`, location.state);
  // The form is large: when the flow comes, React builds it in slices in the background
  // instead of blocking the page in one long task (the loading view stays meanwhile).
  const flow = useDeferredValue(query.data);
  const title = isNew
    ? t('signflow.edit.newTitle')
    : mode === 'copy'
      ? t('signflow.edit.copyTitle')
      : t('signflow.edit.title');

  if (!isNew && flow === undefined) {
    if (query.error instanceof ApiError && query.error.key === errorKeys.notFound) {
      return (
        <>
          <h1>{t('signflow.edit.notFound')}</h1>
          <Link to={paths.home.getHref()}>{t('common.backToFrontpage')}</Link>
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
  if (mode === 'edit' && flow !== undefined && flow.Status !== 'Draft') {
    return <FlowPage flow={flow} />;
  }
  return (
    <>
      <h1>{title}</h1>
      <SignFlowEditForm key={editorKey} mode={isNew ? 'new' : mode} flow={flow} />
    </>
  );
}
