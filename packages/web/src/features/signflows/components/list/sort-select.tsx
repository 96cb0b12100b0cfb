import { SignFlowSortColumn, type SignFlowSortOrder } from '@esign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { columnLabels } from './signflow-list-columns.tsx';

interface SortSelectProps {
  sort: SignFlowSortColumn;
  order: SignFlowSortOrder;
  onChange: (sort: SignFlowSortColumn, order: SignFlowSortOrder) => void;
}

/** How each kind of column reads in each direction. */
function orderLabelKey(sort: SignFlowSortColumn, order: SignFlowSortOrder) {
  if (sort === 'Name') return `signflow.list.sortSelect.name.${order}` as const;
  if (sort === 'Status') return `signflow.list.sortSelect.status.${order}` as const;
  return `signflow.list.sortSelect.date.${order}` as const;
}

/**
 * The cards' sorting, where there are no column headers to click: any of the nine columns,
 * either way. A new column starts from the top, as a first click on its header does.
 */
export function SortSelect({ sort, order, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  const columnId = useId();
  const orderId = useId();
  return (
    <div className="sort-select">
      <div>
        <label htmlFor={columnId} className="form-label small mb-1">
          {t('signflow.list.sortSelect.column')}
        </label>
        <select
          id={columnId}
          className="form-select form-select-sm"
          value={sort}
          onChange={(event) => onChange(SignFlowSortColumn.parse(event.target.value), 'asc')}
          data-testid="sort-select"
        >
          {SignFlowSortColumn.options.map((column) => (
            <option key={column} value={column}>
              {t(columnLabels[column])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={orderId} className="form-label small mb-1">
          {t('signflow.list.sortSelect.order')}
        </label>
        <select
          id={orderId}
          className="form-select form-select-sm"
          value={order}
          onChange={(event) => onChange(sort, event.target.value === 'desc' ? 'desc' : 'asc')}
          data-testid="sort-order"
        >
          {(['asc', 'desc'] as const).map((each) => (
            <option key={each} value={each}>
              {t(orderLabelKey(sort, each))}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
