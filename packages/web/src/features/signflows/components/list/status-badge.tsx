import type { SignFlowStatus } from '@esign/contract';
import { useTranslation } from 'react-i18next';

/** The flow's status as a translated badge; the colours keep at least 4.5:1 contrast. */
export function StatusBadge({ status }: { status: SignFlowStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge status-badge status-badge--${status}`}>
      {t(`signflow.status.${status}`)}
    </span>
  );
}
