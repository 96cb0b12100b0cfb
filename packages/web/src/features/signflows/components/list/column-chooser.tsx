import type { SignFlowSortColumn } from '@esign/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { choosableColumns, type ChoosableColumn } from '../../utils/list-columns.ts';
import { columnLabels } from './signflow-list-columns.tsx';

interface ColumnChooserProps {
  shown: ChoosableColumn[];
  sort: SignFlowSortColumn;
  /** The new set of columns, or undefined to go back to the view's defaults. */
  onChange: (columns: ChoosableColumn[] | undefined) => void;
}

/**
 * Which columns the table shows: a button that opens a group of check boxes. Escape or a
 * click elsewhere closes it. The column the list is sorted by stays shown (and says why).
 */
export function ColumnChooser({ shown, sort, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [open]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };

  const toggle = (column: ChoosableColumn, checked: boolean) =>
    onChange(choosableColumns.filter((each) => (each === column ? checked : shown.includes(each))));

  return (
    <div className="column-chooser" ref={rootRef} onKeyDown={handleKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline-secondary btn-sm dropdown-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        data-testid="column-chooser"
      >
        {t('signflow.list.columnChooser.button')}
      </button>
      <div id={panelId} className="column-chooser__panel" hidden={!open}>
        <fieldset>
          <legend className="column-chooser__legend">
            {t('signflow.list.columnChooser.legend')}
          </legend>
          {choosableColumns.map((column) => {
            const sorted = column === sort;
            const id = `${panelId}-${column}`;
            return (
              <div key={column} className="form-check">
                <input
                  id={id}
                  type="checkbox"
                  className="form-check-input"
                  checked={shown.includes(column)}
                  disabled={sorted}
                  onChange={(event) => toggle(column, event.target.checked)}
                  data-testid={`column-${column}`}
                />
                <label htmlFor={id} className="form-check-label">
                  {t(columnLabels[column])}
                  {sorted && (
                    <span className="text-body-secondary">
                      {' '}
                      ({t('signflow.list.columnChooser.sorted')})
                    </span>
                  )}
                </label>
              </div>
            );
          })}
        </fieldset>
        <button
          type="button"
          className="btn btn-link btn-sm px-0 mt-2"
          onClick={() => onChange(undefined)}
          data-testid="column-reset"
        >
          {t('signflow.list.columnChooser.reset')}
        </button>
      </div>
    </div>
  );
}
