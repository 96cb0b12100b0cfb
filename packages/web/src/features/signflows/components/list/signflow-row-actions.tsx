import type { SignFlowListItem } from '@esign/contract';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { rowActionsFor, type RowAction } from '../../utils/row-actions.ts';

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

/**
 * One row's actions behind a menu button named for its flow ('Actions: Lease 2025'): Enter,
 * Space or the down arrow opens it, the arrows move, Escape closes it and returns to the button.
 * The menu is positioned against the window, so no scrolling container cuts it off.
 */
export function SignFlowRowActions({ flow, onDialogAction }: SignFlowRowActionsProps) {
  const { t } = useTranslation();
  return (
    <Dropdown align="end" className="signflow-row-actions">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        className="signflow-row-actions__toggle"
        aria-haspopup="menu"
        title={t('signflow.list.actionsColumn')}
        data-testid="row-actions"
      >
        <span aria-hidden="true" className="signflow-row-actions__dots">
          ⋯
        </span>
        <span className="visually-hidden">
          {t('signflow.list.actionsFor', { name: flow.Name })}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu" popperConfig={{ strategy: 'fixed' }}>
        {rowActionsFor(flow.Status).map((action) => {
          const danger = action === 'cancel' || action === 'delete';
          const common = {
            role: 'menuitem',
            className: danger ? 'text-danger' : undefined,
            'data-testid': `row-action-${action}`,
          };
          return isDialogAction(action) ? (
            <Dropdown.Item
              key={action}
              as="button"
              type="button"
              {...common}
              onClick={() => onDialogAction(action, flow)}
            >
              {t(labelKeys[action])}
            </Dropdown.Item>
          ) : (
            <Dropdown.Item key={action} as={Link} to={hrefOf(action, flow.Guid)} {...common}>
              {t(labelKeys[action])}
            </Dropdown.Item>
          );
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
