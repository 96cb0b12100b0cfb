import type { SignedCopy } from '@esign/contract';
import { useId } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDateTime } from '../utils/format.ts';

function SignedCopyContent({ copy }: { copy: SignedCopy }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const until = formatDateTime(copy.ExpiresAt, i18n.language, timeZone) ?? '';
  if (copy.State === 'Preparing')
    return (
      <p className="d-flex align-items-center gap-2 mb-0">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {t('signing.signedCopy.preparing')}
      </p>
    );
  if (copy.State === 'Expired' || copy.Url === null)
    return <p className="mb-0">{t('signing.signedCopy.expired', { time: until })}</p>;
  return (
    <>
      <p>{t('signing.signedCopy.ready')}</p>
      {/* A plain link: the browser downloads the file, and a link that ended opens the page saying so. */}
      <a className="btn btn-primary" href={copy.Url} data-testid="signed-copy-download">
        {t('signing.signedCopy.download')}
      </a>
      <p className="small text-body-secondary mt-2 mb-0">
        {t('signing.signedCopy.until', { time: until })}
      </p>
    </>
  );
}

/** The signed document for a signer of a flow everyone signed: being finished, to download, or no longer here. */
export function SignedCopySection({ copy }: { copy: SignedCopy }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className="signing-panel mt-3"
      aria-labelledby={headingId}
      data-testid="signed-copy"
      data-state={copy.State}
    >
      <h2 id={headingId} className="h5">
        {t('signing.signedCopy.heading')}
      </h2>
      {/* Polite: the page asks again while the document is being finished, and says when it is ready. */}
      <div aria-live="polite">
        <SignedCopyContent copy={copy} />
      </div>
    </section>
  );
}
