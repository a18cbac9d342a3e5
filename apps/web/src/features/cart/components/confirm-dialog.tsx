import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** A yes/no question in the shared Modal (ordering-payments §2: 'Are you sure…?' with Yes / Remove). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} description={message} onClose={onCancel}>
      <div className="confirm-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button data-autofocus onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
