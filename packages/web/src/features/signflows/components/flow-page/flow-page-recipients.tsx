import type { Recipient, SignFlowDetailResponse } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatWhen } from './flow-page-when.ts';

interface RecipientRowsProps {
  recipients: Recipient[];
  kind: 'copy' | 'viewer';
}

/** Who, and what they got: told when (both), and whether a viewer opened the document. */
function RecipientRows({ recipients, kind }: RecipientRowsProps) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  return (
    <ul className="flow-page__signers list-unstyled mb-3" data-testid={`flow-${kind}-list`}>
      {recipients.map((recipient, index) => {
        const facts = [
          recipient.NotifiedTimeUtc === null
            ? t('signflow.page.recipients.notNotified')
            : t('signflow.page.recipients.notifiedAt', { time: when(recipient.NotifiedTimeUtc) }),
        ];
        if (kind === 'viewer')
          facts.push(
            recipient.OpenedTimeUtc === null
              ? t('signflow.page.recipients.notOpened')
              : t('signflow.page.recipients.openedAt', { time: when(recipient.OpenedTimeUtc) }),
          );
        return (
          <li
            key={recipient.Guid}
            className="flow-page__signer flow-page__recipient"
            data-testid={`flow-${kind}-${index}`}
          >
            <div className="flow-page__signer-who">
              <span className="fw-semibold text-break">{recipient.Name || recipient.Email}</span>
              {recipient.Name !== '' && (
                <span className="d-block small text-body-secondary text-break">
                  {recipient.Email}
                </span>
              )}
            </div>
            <ul className="flow-page__signer-facts list-unstyled mb-0">
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** The flow's copy recipients and viewers, when it has any. */
export function FlowPageRecipients({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (flow.CopyRecipients.length === 0 && flow.Viewers.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="signflow-edit__section"
      data-testid="flow-recipients"
    >
      <h2 id={headingId} className="h4">
        {t('signflow.edit.recipients.heading')}
      </h2>
      {flow.CopyRecipients.length > 0 && (
        <>
          <h3 className="h6">{t('signflow.edit.recipients.copyHeading')}</h3>
          <RecipientRows recipients={flow.CopyRecipients} kind="copy" />
        </>
      )}
      {flow.Viewers.length > 0 && (
        <>
          <h3 className="h6">{t('signflow.edit.recipients.viewerHeading')}</h3>
          <RecipientRows recipients={flow.Viewers} kind="viewer" />
        </>
      )}
    </section>
  );
}
