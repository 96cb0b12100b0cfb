import type { SignFlowListItem } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { rowActionsFor, type RowAction } from '../utils/row-actions.ts';

/** The actions that open a dialog; the others are links to the edit screen. */
export type DialogAction = Extract<RowAction, 'cancel' | 'delete' | 'link'>;

interface SignFlowRowActionsProps {
  flow: SignFlowListItem;
  onDialogAction: (action: DialogAction, flow: SignFlowListItem) => void;
}

const labelKeys = {
  view: 'signflow.list.actions.view',
  edit: 'signflow.list.actions.edit',
  copy: 'signflow.list.actions.copyAsNew',
  cancel: 'signflow.list.actions.cancel',
  delete: 'signflow.list.actions.delete',
  link: 'signflow.list.actions.link',
} as const satisfies Record<RowAction, string>;

function isDialogAction(action: RowAction): action is DialogAction {
  return action === 'cancel' || action === 'delete' || action === 'link';
}

// The edit screen shows a flow that is no longer a draft read-only, so view and edit share it.
function hrefOf(action: Exclude<RowAction, DialogAction>, guid: string): string {
  return action === 'copy' ? paths.signFlowCopy.getHref(guid) : paths.signFlowEdit.getHref(guid);
}

/** One row's actions; each names its flow for screen readers ('Edit Lease 2025'). */
export function SignFlowRowActions({ flow, onDialogAction }: SignFlowRowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="signflow-list__actions">
      {rowActionsFor(flow.Status).map((action) => {
        const content = (
          <>
            {t(labelKeys[action])}
            <span className="visually-hidden"> {flow.Name}</span>
          </>
        );
        const className = `btn btn-sm ${action === 'cancel' || action === 'delete' ? 'btn-outline-danger' : 'btn-outline-primary'}`;
        if (!isDialogAction(action)) {
          return (
            <Link
              key={action}
              className={className}
              to={hrefOf(action, flow.Guid)}
              data-testid={`row-action-${action}`}
            >
              {content}
            </Link>
          );
        }
        return (
          <button
            key={action}
            type="button"
            className={className}
            onClick={() => onDialogAction(action, flow)}
            data-testid={`row-action-${action}`}
          >
            {content}
          </button>
        );
      })}
    </div>
  );
}
