import { SignFlowSortColumn, type SignFlowListItem } from '@esign/contract';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Header,
  type SortingState,
  type TableOptions,
  type Updater,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../utils/signflow-list-url.ts';

interface SignFlowListTableProps {
  items: SignFlowListItem[];
  columns: TableOptions<SignFlowListItem>['columns'];
  sort: SignFlowSortColumn;
  order: SortOrder;
  onSortChange: (sort: SignFlowSortColumn, order: SortOrder) => void;
  busy: boolean;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const sortArrows = { asc: '↑', desc: '↓' } as const;
const stickyClass = 'signflow-list__sticky';

function cellClassOf(columnId: string): string | undefined {
  if (columnId === 'actions') return stickyClass;
  // Name has its own row header cell; every other column but Status holds a date.
  return columnId === 'Status' ? undefined : 'signflow-list__date';
}

function HeaderCell({ header }: { header: Header<SignFlowListItem, unknown> }) {
  const { t } = useTranslation();
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const sorted = header.column.getIsSorted();
  if (!header.column.getCanSort()) {
    return (
      <th scope="col" className={header.column.id === 'actions' ? stickyClass : undefined}>
        {label}
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
          {sorted === false ? '↕' : sortArrows[sorted]}
        </span>
      </button>
    </th>
  );
}

/**
 * The rows of one page. The server sorts and pages (manual mode); the table only keeps the
 * sorting state, whose changes go back to the URL through onSortChange.
 */
export function SignFlowListTable(props: SignFlowListTableProps) {
  const { items, columns, sort, order, onSortChange, busy } = props;
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];

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
    state: { sorting },
    onSortingChange: handleSortingChange,
  });

  return (
    <table
      className="table table-sm table-hover signflow-list__table mb-0"
      aria-busy={busy}
      data-testid="signflow-list"
    >
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
                  <th key={cell.id} scope="row" className="fw-normal">
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
