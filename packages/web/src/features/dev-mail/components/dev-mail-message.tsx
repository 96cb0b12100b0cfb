import type { DevMailMessage } from '@esign/contract';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatKilobytes } from '../utils/dev-mail-view.ts';

/** The open message: its subject, recipient, time, attachments, links and text. */
export const DevMailMessageView = forwardRef<HTMLHeadingElement, { message: DevMailMessage }>(
  function DevMailMessageView({ message }, headingRef) {
    const { t, i18n } = useTranslation();
    const timeZone = useTimeZone();
    return (
      <article
        className="dev-mail-message border rounded p-3"
        aria-labelledby="dev-mail-subject"
        data-testid="dev-mail-message"
      >
        <h2 id="dev-mail-subject" className="h5 text-break" ref={headingRef} tabIndex={-1}>
          {message.Subject}
        </h2>
        <dl className="row mb-2">
          <dt className="col-sm-3">{t('devMail.to')}</dt>
          <dd className="col-sm-9 text-break">{message.To}</dd>
          <dt className="col-sm-3">{t('devMail.sentAt')}</dt>
          <dd className="col-sm-9">
            <time dateTime={message.SentAt}>
              {formatDateTime(message.SentAt, i18n.language, timeZone)}
            </time>
          </dd>
          {message.Attachments.length > 0 && (
            <>
              <dt className="col-sm-3">{t('devMail.attachments')}</dt>
              <dd className="col-sm-9" data-testid="dev-mail-attachments">
                {message.Attachments.map((file) => (
                  <span key={file.FileName} className="d-block text-break">
                    {file.FileName} ({formatKilobytes(file.Size, i18n.language)})
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
        {message.Links.length > 0 && (
          <>
            <h3 className="h6">{t('devMail.links')}</h3>
            <ul className="dev-mail-message__links">
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
    );
  },
);
