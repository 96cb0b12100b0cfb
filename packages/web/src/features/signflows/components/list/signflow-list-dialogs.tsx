import type { SignFlowListItem } from '@esign/contract';
import { CancelDialog } from '../cancel-dialog.tsx';
import { DeleteDialog } from '../delete-dialog.tsx';
import type { DialogAction } from './signflow-row-actions.tsx';
import { SigningLinkDialog } from './signing-link-dialog.tsx';

/** The dialog a row action opened; `id` gives each opening a fresh dialog. */
export interface OpenDialog {
  action: DialogAction;
  flow: SignFlowListItem;
  show: boolean;
  id: number;
}

const dialogs = { cancel: CancelDialog, delete: DeleteDialog, link: SigningLinkDialog };

interface SignFlowListDialogsProps {
  dialog: OpenDialog | null;
  onHide: () => void;
  onExited: () => void;
}

export function SignFlowListDialogs({ dialog, onHide, onExited }: SignFlowListDialogsProps) {
  if (dialog === null) return null;
  const Dialog = dialogs[dialog.action];
  return (
    <Dialog
      key={dialog.id}
      flow={dialog.flow}
      show={dialog.show}
      onHide={onHide}
      onExited={onExited}
    />
  );
}
