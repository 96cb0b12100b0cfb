import CloseButton from 'react-bootstrap/CloseButton';
import { useTranslation } from 'react-i18next';

interface BatchFilterChipProps {
  onRemove: () => void;
}

/** The list shows one bulk-send batch's flows: says so, and takes the filter away. */
export function BatchFilterChip({ onRemove }: BatchFilterChipProps) {
  const { t } = useTranslation();
  return (
    <div className="signflow-list__chips mb-3" data-testid="batch-filter">
      <span className="signflow-list__chip">
        <span>{t('signflow.list.batchFilter')}</span>
        <CloseButton aria-label={t('signflow.list.removeBatchFilter')} onClick={onRemove} />
      </span>
    </div>
  );
}
