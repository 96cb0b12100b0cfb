import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSizeChoices } from '../../utils/signflow-list-url.ts';

interface PageSizeSelectProps {
  value: number;
  onChange: (pageSize: number) => void;
}

/** How many rows a page holds: 20, 50 or 100. */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="text-nowrap">
        {t('signflow.pagination.pageSize')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="page-size"
      >
        {pageSizeChoices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}
