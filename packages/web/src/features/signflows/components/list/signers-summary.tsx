import type { SignFlowListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { summarizeSigners } from '../../utils/signer-summary.ts';

interface SignersSummaryProps {
  flow: SignFlowListItem;
  /** The table keeps it to one line; a card has room to say the progress in words. */
  layout: 'cell' | 'card';
}

/**
 * The signers of a row: '2/3' signed and whom the flow waits for (or who rejected it, or
 * everyone). One line that the column cuts short; the whole list, each signer with their
 * state, shows on hover, and screen readers read it all.
 */
export function SignersSummary({ flow, layout }: SignersSummaryProps) {
  const { t } = useTranslation();
  const { progress, names, namesAre } = summarizeSigners(flow);
  if (flow.Signers.length === 0) {
    return <span className="text-body-secondary">{t('signflow.list.signers.none')}</span>;
  }
  const progressText = progress === null ? null : t('signflow.list.signers.progress', progress);
  const joined = names.join(', ');
  const namesText =
    namesAre === 'signers' ? joined : t(`signflow.list.signers.${namesAre}`, { names: joined });
  const everyone = flow.Signers.map(
    (signer) => `${signer.Name}: ${t(`signflow.list.signers.state.${signer.Status}`)}`,
  );
  const title = [progressText, ...everyone].filter((line) => line !== null).join('\n');

  return (
    <span className={`signers-summary signers-summary--${layout}`} title={title}>
      {progress !== null && (
        <span className="signers-summary__progress">
          {layout === 'card' ? (
            progressText
          ) : (
            <>
              <span aria-hidden="true">
                {progress.signed}/{progress.total}
              </span>
              <span className="visually-hidden">{progressText}, </span>
            </>
          )}
        </span>
      )}
      <span className="signers-summary__names">{namesText}</span>
    </span>
  );
}
