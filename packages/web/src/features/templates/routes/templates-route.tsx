import {
  defaultTemplateListQuery,
  type TemplateListItem,
  type TemplateSortColumn,
} from '@esign/contract';
import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/http.ts';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { useDuplicateTemplate } from '../api/duplicate-template.ts';
import { useTemplateList } from '../api/get-template-list.ts';
import { useCreateFlowFromTemplate } from '../api/use-template.ts';
import { TemplateList, type TemplateAction } from '../components/template-list.tsx';
import '../components/templates.css';

const sortChoices = [
  { value: 'Name:asc', sort: 'Name', order: 'asc' },
  { value: 'LastModifiedDate:desc', sort: 'LastModifiedDate', order: 'desc' },
  { value: 'CreationDate:desc', sort: 'CreationDate', order: 'desc' },
] as const satisfies ReadonlyArray<{ value: string; sort: TemplateSortColumn; order: string }>;

const errorText = (error: unknown) => (error instanceof ApiError ? error.key : 'errors.unexpected');

/** Templates (/templates): search, sort and pages of the templates the user may use. */
export function TemplatesRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Search, sort and page live in the address, as the flow list's do: back from the editor
  // comes back to the same page, and a link to a search works.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sortValue = params.get('sort') ?? sortChoices[0].value;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [typed, setTyped] = useState(q);
  const choice = sortChoices.find((item) => item.value === sortValue) ?? sortChoices[0];
  const update = (next: { q?: string; sort?: string; page?: number }) => {
    const merged = { q, sort: sortValue, page, ...next };
    const search = new URLSearchParams();
    if (merged.q !== '') search.set('q', merged.q);
    if (merged.sort !== sortChoices[0].value) search.set('sort', merged.sort);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: next.q !== undefined });
  };
  const pageSize = defaultTemplateListQuery.pageSize;
  const list = useTemplateList({ q, sort: choice.sort, order: choice.order, page, pageSize });
  const use = useCreateFlowFromTemplate();
  const duplicate = useDuplicateTemplate();
  const remove = useDeleteTemplate();
  const [removing, setRemoving] = useState<TemplateListItem | null>(null);
  const [showRemove, setShowRemove] = useState(false);
  const [busyId, setBusyId] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);

  const handleAction = (action: TemplateAction, item: TemplateListItem) => {
    setFailure(null);
    if (action === 'delete') {
      remove.reset();
      setRemoving(item);
      setShowRemove(true);
      return;
    }
    setBusyId(item.Guid);
    if (action === 'use') {
      use.mutate(
        { id: item.Guid, request: {} },
        {
          onSuccess: (flow) => void navigate(paths.signFlowEdit.getHref(flow.Guid)),
          onError: (error) => setFailure(errorText(error)),
          onSettled: () => setBusyId(undefined),
        },
      );
      return;
    }
    duplicate.mutate(
      { id: item.Guid, name: t('templates.copyName', { name: item.Name }).slice(0, 200) },
      {
        onSuccess: (copy) => void navigate(paths.templateEdit.getHref(copy.Guid)),
        onError: (error) => setFailure(errorText(error)),
        onSettled: () => setBusyId(undefined),
      },
    );
  };

  const data = list.data;
  const pageCount = data === undefined ? 1 : Math.max(1, Math.ceil(data.Total / data.PageSize));
  // Removing the only template of the last page leaves the user past the end: show the new last.
  const pastTheEnd = data !== undefined && !list.isPlaceholderData && page > pageCount;
  useEffect(() => {
    if (pastTheEnd)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (pageCount > 1) next.set('page', String(pageCount));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
  }, [pastTheEnd, pageCount, setParams]);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className="mb-0">
          {t('templates.title')}
        </h1>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-outline-secondary" to={paths.home.getHref()}>
            {t('templates.backToList')}
          </Link>
          <Link
            className="btn btn-primary"
            to={paths.templateEdit.getHref('new')}
            data-testid="template-create"
          >
            {t('templates.create')}
          </Link>
        </div>
      </div>
      <p>{t('templates.intro')}</p>
      <form
        role="search"
        className="template-toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: typed.trim(), page: 1 });
        }}
      >
        <Form.Group className="template-toolbar__search" controlId="template-search">
          <Form.Label>{t('templates.search')}</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              data-testid="template-search"
            />
            <Button type="submit" variant="outline-primary">
              {t('templates.searchButton')}
            </Button>
          </div>
        </Form.Group>
        <Form.Group controlId="template-sort">
          <Form.Label>{t('templates.sort.label')}</Form.Label>
          <Form.Select
            value={sortValue}
            onChange={(event) => update({ sort: event.target.value, page: 1 })}
          >
            {sortChoices.map((item) => (
              <option key={item.value} value={item.value}>
                {t(`templates.sort.${item.sort}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </form>
      {failure !== null && (
        <Alert variant="danger" role="alert">
          {t(failure as 'errors.unexpected')}
        </Alert>
      )}
      {data === undefined && !list.isError && (
        <p role="status" className="screen-loading">
          {t('common.loading')}
        </p>
      )}
      {list.isError && data === undefined && (
        <Alert variant="danger">{t('dialogs.loadingFailed')}</Alert>
      )}
      {data !== undefined && data.Total === 0 && (
        <p data-testid="templates-empty">
          {q === '' ? t('templates.none') : t('templates.noMatches')}
        </p>
      )}
      {data !== undefined && data.Total > 0 && (
        <>
          <p role="status" className="small text-body-secondary">
            {t('templates.count', { count: data.Total })}
          </p>
          <TemplateList
            items={data.Items}
            labelledBy={headingId}
            busyId={busyId}
            onAction={handleAction}
          />
          {pageCount > 1 && (
            <nav aria-label={t('templates.pages')} className="d-flex align-items-center gap-2">
              <Button
                variant="outline-secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: page - 1 })}
              >
                {t('templates.previousPage')}
              </Button>
              <span>{t('templates.pageOf', { page, count: pageCount })}</span>
              <Button
                variant="outline-secondary"
                size="sm"
                disabled={page >= pageCount}
                onClick={() => update({ page: page + 1 })}
              >
                {t('templates.nextPage')}
              </Button>
            </nav>
          )}
        </>
      )}
      <RemoveDialog
        show={showRemove}
        onHide={() => setShowRemove(false)}
        onExited={() => {
          setRemoving(null);
          headingRef.current?.focus();
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.Guid, { onSuccess: () => setShowRemove(false) });
        }}
        pending={remove.isPending}
        title={t('templates.remove.title', { name: removing?.Name ?? '' })}
        text={t('templates.remove.text')}
        confirmLabel={t('common.remove')}
        error={remove.isError ? t(errorText(remove.error) as 'errors.unexpected') : null}
        testId="template-remove-dialog"
      />
    </>
  );
}
