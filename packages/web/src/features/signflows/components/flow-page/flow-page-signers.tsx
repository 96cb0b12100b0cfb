import type { SignFlowDetailResponse, Signer } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { signerName } from '../../utils/flow-outcome.ts';
import { FlowPageSignerActions } from './flow-page-signer-actions.tsx';
import { useFormatWhen } from './flow-page-when.ts';
import { LockedLink } from './locked-link.tsx';

const levels = ['Low', 'Advanced', 'Qualified'] as const;
type Level = (typeof levels)[number];
const isLevel = (value: string): value is Level => (levels as readonly string[]).includes(value);

/** When the signer signed, rejected, or was invited and reminded; the level they signed at. */
function SignerFacts({ signer, index }: { signer: Signer; index: number }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  const facts: string[] = [];
  if (signer.Status === 'Signed') {
    facts.push(t('signflow.page.signers.signedAt', { time: when(signer.CompletionTimeUtc) }));
    if (signer.SignatureLevel !== null) {
      const level = isLevel(signer.SignatureLevel)
        ? t(`signflow.signatureLevel.${signer.SignatureLevel}`)
        : signer.SignatureLevel;
      facts.push(t('signflow.page.signers.level', { level }));
    }
  } else if (signer.Status === 'Rejected') {
    facts.push(t('signflow.page.signers.rejectedAt', { time: when(signer.CompletionTimeUtc) }));
  } else if (signer.InvitedTimeUtc === null) {
    facts.push(t('signflow.page.signers.notInvited'));
  } else {
    facts.push(t('signflow.page.signers.invitedAt', { time: when(signer.InvitedTimeUtc) }));
    if (signer.RemindedTimeUtc !== null)
      facts.push(t('signflow.page.signers.remindedAt', { time: when(signer.RemindedTimeUtc) }));
  }
  const comment = signer.RejectionComment?.trim() ?? '';
  return (
    <ul
      className="flow-page__signer-facts list-unstyled mb-0"
      data-testid={`signer-facts-${index}`}
    >
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
      {signer.Status === 'Unsigned' && signer.LinkLocked && (
        <li className="text-danger" data-testid={`signer-locked-${index}`}>
          {t('signflow.edit.signers.linkLocked')}
        </li>
      )}
      {signer.Status === 'Rejected' && comment !== '' && (
        <li className="text-break">{t('signflow.page.signers.reason', { comment })}</li>
      )}
    </ul>
  );
}

/** Each signer as a row: who, status, when, level; and what the sender can do for them now. */
export function FlowPageSigners({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const headingId = useId();
  const open = flow.Status === 'Sent';
  return (
    <section
      aria-labelledby={headingId}
      className="signflow-edit__section"
      data-testid="flow-signers"
    >
      <h2 id={headingId} className="h4">
        {t('signflow.edit.signers.heading')}
      </h2>
      {flow.Signers.length === 0 ? (
        <p className="mb-0">{t('signflow.linkDialog.noSigners')}</p>
      ) : (
        <ol className="flow-page__signers list-unstyled mb-0">
          {flow.Signers.map((signer, index) => (
            <li
              key={signer.Guid}
              className="flow-page__signer"
              data-testid={`flow-signer-${index}`}
            >
              <div className="flow-page__signer-who">
                <span className="fw-semibold text-break">{signerName(signer)}</span>
                {signer.Name !== '' && (
                  <span className="d-block small text-body-secondary text-break">
                    {signer.Email}
                  </span>
                )}
              </div>
              <div className="flow-page__signer-state">
                <span
                  className={`badge signer-badge signer-badge--${signer.Status}`}
                  data-testid={`signer-status-${index}`}
                >
                  {t(`signflow.signerStatus.${signer.Status}`)}
                </span>
                <SignerFacts signer={signer} index={index} />
              </div>
              {open && signer.Status === 'Unsigned' && (
                <FlowPageSignerActions flowId={flow.Guid} signer={signer} index={index} />
              )}
              {open && signer.Status === 'Unsigned' && signer.LinkLocked && (
                <div className="flow-page__signer-locked">
                  <LockedLink flowId={flow.Guid} signer={signer} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
