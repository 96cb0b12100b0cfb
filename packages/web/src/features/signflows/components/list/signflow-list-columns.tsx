import type { SignFlowListItem } from '@esign/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { dateColumns, type ChoosableColumn, type DateColumn } from '../../utils/list-columns.ts';
import { ListDate } from './list-date.tsx';
import { SignersSummary } from './signers-summary.tsx';
import { SignFlowRowActions, type DialogAction } from './signflow-row-actions.tsx';
import { StatusBadge } from './status-badge.tsx';

export const dateColumnLabels = {
  CreationDate: 'signflow.list.columns.created',
  LastModifiedDate: 'signflow.list.columns.lastModified',
  SentToSignersDate: 'signflow.list.columns.sent',
  CancelledDate: 'signflow.list.columns.cancelled',
  FinishedDate: 'signflow.list.columns.finished',
  RejectedDate: 'signflow.list.columns.rejected',
  AutoDeleteDate: 'signflow.list.columns.autoDeleteDate',
  ExpiryDate: 'signflow.list.columns.expiryDate',
} as const satisfies Record<DateColumn, string>;

/** Every column's label key, the name's and the choosable ones'. */
export const columnLabels = {
  Name: 'signflow.list.columns.name',
  Status: 'signflow.list.columns.status',
  Signers: 'signflow.list.columns.signers',
  ...dateColumnLabels,
} as const satisfies Record<ChoosableColumn | 'Name', string>;

const column = createColumnHelper<SignFlowListItem>();

/** The flow's name as the link to it; a long one is cut short on screen, never for screen readers. */
export function FlowNameLink({ flow }: { flow: SignFlowListItem }) {
  return (
    <Link
      className="signflow-list__name"
      to={paths.signFlowEdit.getHref(flow.Guid)}
      title={flow.Name}
      data-testid="signflow-row-name"
    >
      {flow.Name}
    </Link>
  );
}

/**
 * The table's columns: each sortable column's id is the server's sort name, so the table's
 * sorting state maps straight onto the API query.
 */
export function useSignFlowListColumns(
  onDialogAction: (action: DialogAction, flow: SignFlowListItem) => void,
) {
  // t changes with the language, so the headers follow a language change.
  const { t } = useTranslation();

  return useMemo(() => {
    return [
      column.accessor('Name', {
        id: 'Name',
        header: t(columnLabels.Name),
        cell: (cell) => <FlowNameLink flow={cell.row.original} />,
      }),
      column.accessor('Status', {
        id: 'Status',
        header: t(columnLabels.Status),
        cell: (cell) => <StatusBadge status={cell.row.original.Status} />,
      }),
      column.display({
        id: 'Signers',
        header: t(columnLabels.Signers),
        cell: (cell) => <SignersSummary flow={cell.row.original} layout="cell" />,
      }),
      ...dateColumns.map((id) =>
        column.accessor(id, {
          id,
          header: t(dateColumnLabels[id]),
          cell: (cell) => <ListDate value={cell.getValue()} withTime={false} />,
        }),
      ),
      column.display({
        id: 'actions',
        header: t('signflow.list.actionsColumn'),
        enableSorting: false,
        cell: (cell) => (
          <SignFlowRowActions flow={cell.row.original} onDialogAction={onDialogAction} />
        ),
      }),
    ];
  }, [t, onDialogAction]);
}
