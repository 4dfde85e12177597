import type { ReactNode } from 'react';
import { DIALOG_WIDTH } from '../../lib/config';
import { DialogActions } from './DialogActions';
import { ShopDialog } from './ShopDialog';

interface Props {
  open?: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  onConfirm: () => void;
  /** The action's label; 'Confirm' unless told. */
  confirmLabel?: string;
  confirmTestId?: string;
  /** The action runs: the button spins and Cancel waits for it. */
  busy?: boolean;
  children: ReactNode;
}

/** A question before an action (an alert dialog): Cancel, or go on. */
export function ConfirmDialog({ open = true, title, testId, onClose, onConfirm, confirmLabel, confirmTestId, busy, children }: Props) {
  return (
    <ShopDialog
      open={open}
      onClose={onClose}
      title={title}
      width={DIALOG_WIDTH.login}
      testId={testId}
      role="alertdialog"
      footer={<DialogActions onCancel={onClose} onAct={onConfirm} label={confirmLabel} busy={busy} lockCancel testId={confirmTestId} />}
    >
      {children}
    </ShopDialog>
  );
}
