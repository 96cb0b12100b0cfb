import type { VerifiedSignature } from '@esign/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { summariseLaterChanges } from '../utils/later-changes.ts';
import { StatusMark, type MarkState } from './status-mark.tsx';

interface SignatureCardProps {
  signature: VerifiedSignature;
  /** "Signature 2", "Document time stamp 1". */
  title: string;
}

function Row({ label, mark, children }: { label: string; mark?: MarkState; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8 d-flex">
        {mark && <StatusMark state={mark} />}
        <div>{children}</div>
      </dd>
    </>
  );
}

/** What was added after the signature, in words; the technical lines behind a disclosure. */
function Coverage({ signature }: { signature: VerifiedSignature }) {
  const { t, i18n } = useTranslation();
  if (signature.CoversWholeDocument) return <>{t('verify.signature.coversWholeDocument')}</>;
  const added = summariseLaterChanges(signature.LaterChanges);
  const items = [
    ...(added.signatures ? [t('verify.signature.signatures', { count: added.signatures })] : []),
    ...(added.documentTimestamps
      ? [t('verify.signature.documentTimestamps', { count: added.documentTimestamps })]
      : []),
    ...(added.validationData ? [t('verify.signature.validationData')] : []),
    ...(added.embeddedFile ? [t('verify.signature.embeddedFile')] : []),
  ];
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  return (
    <>
      {items.length > 0 && (
        <p className="mb-1">{t('verify.signature.addedAfter', { items: list })}</p>
      )}
      {items.length === 0 && added.other.length === 0 && (
        <p className="mb-1">{t('verify.signature.addedNothing')}</p>
      )}
      {added.other.length > 0 && (
        <>
          <p className="mb-1 text-danger-emphasis">
            {t('verify.signature.otherChanges', { count: added.other.length })}
          </p>
          <details className="verify-details">
            <summary>{t('verify.signature.technicalDetails')}</summary>
            <ul className="small font-monospace mb-0" lang="en">
              {added.other.map((line, index) => (
                <li key={`${index}-${line}`}>{line}</li>
              ))}
            </ul>
          </details>
        </>
      )}
    </>
  );
}

const revocationMarks: Record<VerifiedSignature['Revocation'], MarkState> = {
  Good: 'good',
  Revoked: 'bad',
  Unknown: 'unsure',
  NotChecked: 'unsure',
};

/** One signature or document time stamp: who, when, which level, and each check in plain words. */
export function SignatureCard({ signature, title }: SignatureCardProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const time = (iso: string | null) =>
    iso === null ? t('verify.signature.none') : formatDateTime(iso, i18n.language, timeZone);
  const isStamp = signature.Kind === 'DocumentTimestamp';
  const disallowed = signature.LaterChanges.some((change) => change.Kind === 'Other');
  return (
    <article
      className="card verify-signature mb-3"
      data-testid="verify-signature"
      data-kind={signature.Kind}
    >
      <div className="card-body">
        <h3 className="h5 card-title">{title}</h3>
        <dl className="row mb-0">
          <Row
            label={t(isStamp ? 'verify.signature.timestampAuthority' : 'verify.signature.signer')}
          >
            {signature.Signer ?? t('verify.signature.none')}
          </Row>
          {!isStamp && (
            <Row label={t('verify.signature.claimedTime')}>{time(signature.ClaimedTime)}</Row>
          )}
          <Row label={t('verify.signature.timestampTime')}>{time(signature.TimestampTime)}</Row>
          {!isStamp && (
            <>
              <Row label={t('verify.signature.level')}>
                {signature.PortalLevel
                  ? t(`signflow.signatureLevel.${signature.PortalLevel}`)
                  : t('verify.signature.unknownLevel')}
              </Row>
              <Row label={t('verify.signature.padesLevel')}>
                {signature.PadesLevel ?? t('verify.signature.noPadesLevel')}
              </Row>
            </>
          )}
          <Row label={t('verify.signature.content')} mark={signature.Intact ? 'good' : 'bad'}>
            {t(signature.Intact ? 'verify.signature.intact' : 'verify.signature.broken')}
          </Row>
          <Row label={t('verify.signature.coverage')} mark={disallowed ? 'bad' : 'good'}>
            <Coverage signature={signature} />
          </Row>
          <Row
            label={t('verify.signature.certificate')}
            mark={signature.ChainTrusted ? 'good' : 'unsure'}
          >
            {t(
              signature.ChainTrusted
                ? 'verify.signature.chainTrusted'
                : 'verify.signature.chainNotTrusted',
            )}
          </Row>
          <Row
            label={t('verify.signature.revocation')}
            mark={revocationMarks[signature.Revocation]}
          >
            {t(`verify.signature.revocations.${signature.Revocation}`)}
          </Row>
        </dl>
      </div>
    </article>
  );
}
