import { limits, type SignFlowListItem } from '@esign/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useCancelSignFlow } from '../api/cancel-signflow.ts';
import { errorKeyOf } from '../utils/error-key-of.ts';
import { DialogError, ListDialog } from './list-dialog.tsx';

interface CancelDialogProps {
  flow: Pick<SignFlowListItem, 'Guid' | 'Name'>;
  show: boolean;
  onHide: () => void;
  onExited: () => void;
}

/** Asks for the comment and warns that cancelling voids signatures for good (SPEC §4). */
export function CancelDialog({ flow, show, onHide, onExited }: CancelDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const cancel = useCancelSignFlow();
  const [comment, setComment] = useState('');
  const commentId = useId();
  const warningId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(
      { signFlowId: flow.Guid, comment },
      {
        onSuccess: () => {
          showToast({ message: t('signflow.cancelDialog.done') });
          onHide();
        },
      },
    );
  };

  return (
    <ListDialog
      show={show}
      onHide={onHide}
      onExited={onExited}
      title={t('signflow.cancelDialog.title')}
      testId="cancel-dialog"
      dismissLabel={t('signflow.cancelDialog.keep')}
      onSubmit={handleSubmit}
      action={
        <button
          type="submit"
          className="btn btn-danger"
          disabled={cancel.isPending}
          data-testid="cancel-confirm"
        >
          {t('signflow.cancelDialog.confirm')}
        </button>
      }
    >
      <p className="fw-semibold text-break">{flow.Name}</p>
      <p id={warningId} className="alert alert-warning">
        {t('signflow.cancelDialog.warning')}
      </p>
      <label htmlFor={commentId} className="form-label">
        {t('signflow.cancelDialog.comment')}
      </label>
      <textarea
        id={commentId}
        className="form-control"
        rows={3}
        maxLength={limits.commentMaxLength}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        aria-describedby={warningId}
        data-testid="cancel-comment"
      />
      <DialogError message={cancel.isError ? t(errorKeyOf(cancel.error)) : null} />
    </ListDialog>
  );
}
