import type { RefObject } from 'react';
import { messages } from '@caterway/domain';
import { Button } from '@caterway/ui';
import type { Problem } from '../../checkout/checkout-types';
import { OrderProblems } from '../../checkout/components/order-problems';

/** Under the cart: what went wrong, then Update Order, Update Payment Method and Cancel Changes. */
export function EditOrderActions({
  needsPayment,
  paymentError,
  problem,
  problemRef,
  modified,
  busy,
  confirming,
  onUpdate,
  onUpdatePaymentMethod,
  onCancelChanges,
  onUseTime,
}: {
  needsPayment: boolean;
  paymentError: string | null;
  problem: Problem;
  problemRef: RefObject<HTMLDivElement | null>;
  modified: boolean;
  busy: boolean;
  /** a confirmation dialog is open: the busy spinner belongs to it */
  confirming: boolean;
  onUpdate: () => void;
  onUpdatePaymentMethod: () => void;
  onCancelChanges: () => void;
  /** a refused delivery time's one click: the earliest time the server takes into the fields */
  onUseTime?: (date: string, time: string) => void;
}) {
  return (
    <div className="edit-order-actions">
      {needsPayment ? (
        <p className="form-alert" role="alert">
          {paymentError ?? messages.orderRequestFailed} Please update the payment method.
        </p>
      ) : paymentError ? (
        <p className="form-alert" role="alert">
          {paymentError}
        </p>
      ) : null}
      <OrderProblems problem={problem} problemRef={problemRef} onUseTime={onUseTime} />
      <Button block disabled={!modified || busy} busy={busy && !confirming} onClick={onUpdate}>
        Update Order
      </Button>
      <Button block variant="secondary" disabled={busy} onClick={onUpdatePaymentMethod}>
        Update Payment Method
      </Button>
      <Button block variant="ghost" disabled={!modified || busy} onClick={onCancelChanges}>
        Cancel Changes
      </Button>
    </div>
  );
}
