import { errorKeys } from '@esign/contract';
import { useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http.ts';
import { useDevMail } from '../api/get-dev-mail.ts';
import { DevMailList } from '../components/dev-mail-list.tsx';
import { DevMailMessageView } from '../components/dev-mail-message.tsx';
import { messagesTo, openMessage, recipientsOf } from '../utils/dev-mail-view.ts';
import './dev-mail.css';

/** Below this width the open message is under the list, not beside it (Bootstrap's lg). */
const sideBySide = '(min-width: 992px)';

/**
 * The dev mailbox (demo profile): what the portal would have mailed, newest first, as a compact
 * list with the open message beside it (below it on a phone), filtered by recipient (`?to=`).
 */
export function DevMailRoute() {
  const { t } = useTranslation();
  const mail = useDevMail();
  const [search, setSearch] = useSearchParams();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { filter: useId(), hint: useId(), recipients: useId(), list: useId(), keys: useId() };
  const notAvailable = mail.error instanceof ApiError && mail.error.key === errorKeys.notFound;
  const filter = search.get('to') ?? '';
  const all = mail.data ?? [];
  const shown = messagesTo(all, filter);
  const open = openMessage(shown, chosenId);

  const choose = (id: string, how: 'pointer' | 'keys') => {
    setChosenId(id);
    // On a phone the message is under the list: a chosen one is brought into view and read out.
    if (how === 'pointer' && !window.matchMedia(sideBySide).matches)
      window.requestAnimationFrame(() => headingRef.current?.focus());
  };
  const changeFilter = (value: string) =>
    setSearch(
      (params) => {
        if (value === '') params.delete('to');
        else params.set('to', value);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <h1>{t('devMail.title')}</h1>
      <p>{t('devMail.intro')}</p>
      {mail.isPending && <p role="status">{t('common.loading')}</p>}
      {mail.isError && mail.data === undefined && (
        <div role="alert" className="alert alert-warning">
          {notAvailable ? t('devMail.notAvailable') : t('dialogs.loadingFailed')}
        </div>
      )}
      {mail.data?.length === 0 && <p>{t('devMail.empty')}</p>}
      {all.length > 0 && (
        <>
          <Form.Group className="dev-mail-filter mb-2" controlId={ids.filter}>
            <Form.Label>{t('devMail.recipientFilter')}</Form.Label>
            <Form.Control
              type="search"
              value={filter}
              list={ids.recipients}
              autoComplete="off"
              aria-describedby={ids.hint}
              onChange={(event) => changeFilter(event.target.value)}
              data-testid="dev-mail-filter"
            />
            <datalist id={ids.recipients}>
              {recipientsOf(all).map((to) => (
                <option key={to} value={to} />
              ))}
            </datalist>
            <Form.Text id={ids.hint}>{t('devMail.recipientFilterHint')}</Form.Text>
          </Form.Group>
          <p className="small text-body-secondary" role="status" data-testid="dev-mail-count">
            {filter.trim() === ''
              ? t('devMail.countAll', { count: all.length })
              : t('devMail.countFiltered', { shown: shown.length, total: all.length })}
          </p>
          <div className="row g-3">
            <div className="col-lg-5">
              <h2 id={ids.list} className="visually-hidden">
                {t('devMail.listLabel')}
              </h2>
              {shown.length === 0 ? (
                <p>{t('devMail.noMatch')}</p>
              ) : (
                <>
                  <DevMailList
                    messages={shown}
                    openId={open?.Id}
                    onOpen={choose}
                    labelId={ids.list}
                    hintId={ids.keys}
                  />
                  <p id={ids.keys} className="small text-body-secondary mt-2 mb-0">
                    {t('devMail.keyboardHint')}
                  </p>
                </>
              )}
            </div>
            <div className="col-lg-7">
              {open === undefined ? null : <DevMailMessageView ref={headingRef} message={open} />}
            </div>
          </div>
        </>
      )}
    </>
  );
}
