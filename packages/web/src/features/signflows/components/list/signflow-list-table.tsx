import { SignFlowSortColumn, type SignFlowListItem } from '@esign/contract';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Header,
  type SortingState,
  type TableOptions,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { choosableColumns, type ChoosableColumn } from '../../utils/list-columns.ts';
import type { SortOrder } from '../../utils/signflow-list-url.ts';

interface SignFlowListTableProps {
  items: SignFlowListItem[];
  columns: TableOptions<SignFlowListItem>['columns'];
  shown: ChoosableColumn[];
  sort: SignFlowSortColumn;
  order: SortOrder;
  onSortChange: (sort: SignFlowSortColumn, order: SortOrder) => void;
  busy: boolean;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const sortArrows = { asc: '↑', desc: '↓' } as const;

/**
 * Each column's width in rem; the name takes what is left, at least `nameMinRem`. The table
 * lays out at these widths (table-layout: fixed), so a long value never widens a column: the
 * defaults of every view fit a 1280 px screen, and only a user's choice of many more columns
 * makes the table scroll sideways inside its frame.
 */
const widthRem: Record<string, number> = { Status: 6.5, Signers: 13, actions: 3.25 };
const dateWidthRem = 6.5;
const nameMinRem = 12;
const widthOf = (id: string) => widthRem[id] ?? dateWidthRem;

function cellClassOf(columnId: string): string {
  if (columnId === 'actions') return 'signflow-list__actions-cell';
  if (columnId === 'Status' || columnId === 'Signers') return 'signflow-list__cell';
  return 'signflow-list__cell signflow-list__date';
}

function HeaderCell({ header }: { header: Header<SignFlowListItem, unknown> }) {
  const { t } = useTranslation();
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const sorted = header.column.getIsSorted();
  if (!header.column.getCanSort()) {
    return (
      <th scope="col" className={header.column.id === 'actions' ? 'text-end' : undefined}>
        {header.column.id === 'actions' ? <span className="visually-hidden">{label}</span> : label}
      </th>
    );
  }
  return (
    <th scope="col" aria-sort={sorted === false ? undefined : ariaSort[sorted]}>
      <button
        type="button"
        className="signflow-list__sort"
        onClick={header.column.getToggleSortingHandler()}
        title={t(sorted === 'asc' ? 'signflow.list.sortDescending' : 'signflow.list.sortAscending')}
        data-testid={`sort-${header.column.id}`}
      >
        {label}
        <span aria-hidden="true" className={sorted === false ? 'opacity-50' : undefined}>
          {' '}
          {sorted === false ? '↕' : sortArrows[sorted]}
        </span>
      </button>
    </th>
  );
}

/**
 * The rows of one page for a wide screen. The server sorts and pages (manual mode); the table
 * only keeps the sorting state, whose changes go back to the URL through onSortChange.
 */
export function SignFlowListTable(props: SignFlowListTableProps) {
  const { items, columns, shown, sort, order, onSortChange, busy } = props;
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];
  const columnVisibility: VisibilityState = Object.fromEntries(
    choosableColumns.map((id) => [id, shown.includes(id)]),
  );

  const handleSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const column = SignFlowSortColumn.safeParse(next[0]?.id);
    if (column.success) onSortChange(column.data, next[0]?.desc === true ? 'desc' : 'asc');
  };

  // The table instance is not memoized across renders here (no React Compiler), so its
  // functions always read the latest options.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.Guid,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting, columnVisibility },
    onSortingChange: handleSortingChange,
  });
  const visible = table.getVisibleLeafColumns();
  const fixedRem = visible.reduce(
    (sum, each) => sum + (each.id === 'Name' ? 0 : widthOf(each.id)),
    0,
  );

  return (
    <table
      className="table table-sm table-hover signflow-list__table mb-0"
      style={{ minWidth: `${fixedRem + nameMinRem}rem` }}
      aria-busy={busy}
      data-testid="signflow-list"
    >
      <colgroup>
        {visible.map((each) => (
          <col
            key={each.id}
            style={each.id === 'Name' ? undefined : { width: `${widthOf(each.id)}rem` }}
          />
        ))}
      </colgroup>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <HeaderCell key={header.id} header={header} />
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} data-testid="signflow-row" data-guid={row.original.Guid}>
            {row.getVisibleCells().map((cell) => {
              const content = flexRender(cell.column.columnDef.cell, cell.getContext());
              if (cell.column.id === 'Name') {
                return (
                  <th key={cell.id} scope="row" className="fw-normal text-nowrap">
                    {content}
                  </th>
                );
              }
              return (
                <td key={cell.id} className={cellClassOf(cell.column.id)}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
