import type { SignFlowDetailResponse } from '@esign/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { rowActionsFor } from '../../utils/row-actions.ts';
import { CancelDialog } from '../cancel-dialog.tsx';
import { DeleteDialog } from '../delete-dialog.tsx';
import { SaveAsTemplateDialog } from '../save-as-template-dialog.tsx';

type Dialog = 'cancel' | 'delete' | 'template';

/** What the sender may do with the whole flow in its state: cancel, copy as new, delete. */
export function FlowPageActions({ flow }: { flow: SignFlowDetailResponse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Dialog | null>(null);
  const [mounted, setMounted] = useState<Dialog | null>(null);
  const allowed = rowActionsFor(flow.Status);
  const show = (dialog: Dialog) => {
    setMounted(dialog);
    setOpen(dialog);
  };
  const dialogProps = (dialog: Dialog) => ({
    flow,
    show: open === dialog,
    onHide: () => setOpen(null),
    onExited: () => setMounted(null),
  });

  return (
    <div className="signflow-edit__actions flow-page__actions" data-testid="flow-actions">
      {allowed.includes('cancel') && (
        <Button variant="outline-danger" onClick={() => show('cancel')} data-testid="flow-cancel">
          {t('signflow.page.actions.cancel')}
        </Button>
      )}
      {allowed.includes('copy') && (
        <Link
          className="btn btn-outline-primary"
          to={paths.signFlowCopy.getHref(flow.Guid)}
          data-testid="flow-copy"
        >
          {t('signflow.list.actions.copyAsNew')}
        </Link>
      )}
      <Button
        variant="outline-primary"
        onClick={() => show('template')}
        data-testid="flow-save-as-template"
      >
        {t('templates.saveAs.button')}
      </Button>
      {allowed.includes('delete') && (
        <Button variant="outline-danger" onClick={() => show('delete')} data-testid="flow-delete">
          {t('signflow.page.actions.delete')}
        </Button>
      )}
      {mounted === 'cancel' && <CancelDialog {...dialogProps('cancel')} />}
      {mounted === 'template' && (
        <SaveAsTemplateDialog
          flowId={flow.Guid}
          flowName={flow.Name}
          show={open === 'template'}
          onHide={() => setOpen(null)}
        />
      )}
      {mounted === 'delete' && (
        <DeleteDialog
          {...dialogProps('delete')}
          onDeleted={() => void navigate(paths.home.getHref())}
        />
      )}
    </div>
  );
}
