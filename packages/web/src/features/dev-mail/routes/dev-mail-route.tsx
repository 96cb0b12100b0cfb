import { errorKeys, type DevMailMessage } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { useDevMail } from '../api/get-dev-mail.ts';
import './dev-mail.css';

function formatSentAt(iso: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(
      new Date(iso),
    );
  } catch {
    // A tag Intl cannot read (the pseudo-locale) gets the browser's own format.
    return new Date(iso).toLocaleString();
  }
}

function DevMailItem({ message }: { message: DevMailMessage }) {
  const { t, i18n } = useTranslation();
  const subjectId = useId();
  return (
    <li className="card mb-3">
      <article className="card-body" aria-labelledby={subjectId}>
        <h2 id={subjectId} className="h5 card-title">
          {message.Subject}
        </h2>
        <dl className="row mb-2">
          <dt className="col-sm-3">{t('devMail.to')}</dt>
          <dd className="col-sm-9">{message.To}</dd>
          <dt className="col-sm-3">{t('devMail.sentAt')}</dt>
          <dd className="col-sm-9">
            <time dateTime={message.SentAt}>{formatSentAt(message.SentAt, i18n.language)}</time>
          </dd>
        </dl>
        {message.Links.length > 0 && (
          <>
            <h3 className="h6">{t('devMail.links')}</h3>
            <ul>
              {message.Links.map((link) => (
                <li key={link}>
                  <a href={link}>{link}</a>
                </li>
              ))}
            </ul>
          </>
        )}
        <h3 className="h6">{t('devMail.text')}</h3>
        <pre className="dev-mail-text border rounded p-2 mb-0 bg-body-tertiary">{message.Text}</pre>
      </article>
    </li>
  );
}

/** The dev mailbox (demo profile): what the portal would have mailed, with its links. */
export function DevMailRoute() {
  const { t } = useTranslation();
  const mail = useDevMail();
  const notAvailable = mail.error instanceof ApiError && mail.error.key === errorKeys.notFound;

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
      {mail.data !== undefined && mail.data.length > 0 && (
        <ul className="list-unstyled" aria-label={t('devMail.listLabel')}>
          {mail.data.map((message) => (
            <DevMailItem key={message.Id} message={message} />
          ))}
        </ul>
      )}
    </>
  );
}
