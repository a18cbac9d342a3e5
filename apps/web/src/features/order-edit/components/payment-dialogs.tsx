import { PaymentAuthentication } from '../../payments/components/payment-authentication';
import { PaymentModal } from '../../payments/components/payment-modal';
import type { PaymentUpdate } from '../use-payment-update';

/** The payment modal and, when the bank asks, its 3-D Secure challenge. */
export function PaymentDialogs({
  payment,
  eftAllowed,
  billing,
}: {
  payment: PaymentUpdate;
  eftAllowed: boolean;
  billing: { name: string; email: string };
}) {
  const { authentication } = payment;
  return (
    <>
      {authentication ? (
        <PaymentAuthentication
          clientSecret={authentication.clientSecret}
          amountCents={authentication.amountCents}
          onDone={() => {
            payment.setAuthentication(null);
            void payment.onPaymentComplete(authentication.choice);
          }}
          onCancel={() => payment.setAuthentication(null)}
        />
      ) : null}
      {payment.modalOpen ? (
        <PaymentModal
          purpose="checkout"
          model={payment.model}
          eftAllowed={eftAllowed}
          billing={billing}
          onModelChange={payment.onModelChange}
          onClose={() => payment.setModalOpen(false)}
          onComplete={payment.onPaymentComplete}
        />
      ) : null}
    </>
  );
}
