import type { SignFlowDetailResponse } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { flowOutcome, flowPageState } from '../../utils/flow-outcome.ts';
import { useFormatWhen } from './flow-page-when.ts';

/** The flow's name, its status and what has happened to it, in words. */
export function FlowPageHeader({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const formatWhen = useFormatWhen();
  const state = flowPageState(flow);
  if (state === null) return null;
  return (
    <header className="flow-page__header" data-testid="flow-page-header">
      <p className="flow-page__kind text-body-secondary mb-1">{t('signflow.edit.viewTitle')}</p>
      <h1 className="text-break">{flow.Name}</h1>
      <p className="mb-2">
        <span
          className={`badge status-badge status-badge--${flow.Status}`}
          data-testid="flow-page-status"
          data-state={state}
        >
          {state === 'Expired' ? t('signflow.page.expired') : t(`signflow.status.${flow.Status}`)}
        </span>
      </p>
      <ul className="flow-page__outcome list-unstyled" data-testid="flow-outcome">
        {flowOutcome(flow).map((line) => (
          <li key={line.key} className="text-break" data-testid={`outcome-${line.key}`}>
            {t(`signflow.page.outcome.${line.key}`, {
              ...line.params,
              time: formatWhen(line.time),
            })}
          </li>
        ))}
      </ul>
    </header>
  );
}
