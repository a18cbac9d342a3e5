import { Button } from './button';
import { Modal, ModalActions } from './modal';

export interface ConfirmDialogProps {
  /** shown while true; or render the dialog conditionally and leave this out */
  open?: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (cancelling a group order) */
  tone?: 'primary' | 'danger';
  /** the button that takes focus when the dialog opens: the safe one for a destructive question */
  initialFocus?: 'confirm' | 'cancel';
  /** the confirmation is on its way: the button is disabled and says so */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and a press on the backdrop */
  onCancel: () => void;
}

/** A yes/no question in the shared Modal (ordering-payments §2: 'Are you sure…?' with Yes / Remove). */
export function ConfirmDialog({
  open = true,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  initialFocus = 'confirm',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  if (!open) return null;
  return (
    <Modal title={title} description={message} onClose={onCancel}>
      <ModalActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus={initialFocus === 'cancel' || undefined}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} busy={busy} data-autofocus={initialFocus === 'confirm' || undefined}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

/** For React.lazy: `lazy(() => import('@caterway/ui/confirm-dialog'))` loads the dialog when first asked. */
export default ConfirmDialog;
