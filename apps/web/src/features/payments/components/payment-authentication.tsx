import { useEffect, useRef, useState } from 'react';
import { formatCents } from '@caterway/domain';
import { Button, Modal } from '@caterway/ui';
import { usePaymentConfig } from '../api/get-payment-config';
import { sandboxAuthenticate } from '../api/sandbox-authenticate';
import { authenticatePayment, showsOwnChallenge, type AuthenticationOutcome } from '../provider/authentication';
import './payments.css';

export interface PaymentAuthenticationProps {
  /** the client secret the API answered with payment_status 'requires_action' */
  clientSecret: string;
  amountCents: number;
  /** the challenge is over (either way): the page sends the payment again */
  onDone: () => void;
  /** closed without answering: nothing is charged, the customer may pay again */
  onCancel: () => void;
}

const stripeStep = async (publishableKey: string, clientSecret: string) => {
  const { stripeHandleNextAction } = await import('../provider/stripe-client');
  await stripeHandleNextAction(publishableKey, clientSecret);
};
const steps = { stripe: stripeStep, sandbox: sandboxAuthenticate };

/**
 * 3-D Secure (decision 027): Stripe shows its own challenge (handleNextAction); the sandbox
 * shows this dialog, like Stripe's test page, where the customer completes or fails it.
 */
export function PaymentAuthentication({ clientSecret, amountCents, onDone, onCancel }: PaymentAuthenticationProps) {
  const config = usePaymentConfig();
  const [busy, setBusy] = useState<AuthenticationOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const provider = config.data;

  useEffect(() => {
    if (!provider || !showsOwnChallenge(provider) || started.current) return;
    started.current = true;
    void authenticatePayment(provider, clientSecret, 'complete', steps)
      .catch(() => undefined) // the API asks Stripe where the payment stands
      .finally(onDone);
  }, [provider, clientSecret, onDone]);

  const answer = async (outcome: AuthenticationOutcome) => {
    if (!provider) return;
    setBusy(outcome);
    setError(null);
    try {
      await authenticatePayment(provider, clientSecret, outcome, steps);
      onDone();
    } catch {
      setError('The authentication could not be sent. Please try again.');
      setBusy(null);
    }
  };

  if (!provider || showsOwnChallenge(provider)) {
    return (
      <Modal title="Confirming with your bank" onClose={onCancel}>
        <div className="payment-auth-waiting" role="progressbar" aria-label="Waiting for your bank">
          <span className="spinner" aria-hidden="true" />
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      title="Authenticate this payment"
      description={`Your card's bank asks you to confirm the payment of ${formatCents(amountCents)} (3-D Secure).`}
      onClose={onCancel}
    >
      <p className="payment-auth-note">
        This is the sandbox's test page for 3-D Secure: choose how the bank's challenge ends.
      </p>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="payments-actions">
        <Button
          busy={busy === 'complete'}
          disabled={busy !== null}
          onClick={() => void answer('complete')}
          data-autofocus
        >
          Complete authentication
        </Button>
        <Button variant="secondary" busy={busy === 'fail'} disabled={busy !== null} onClick={() => void answer('fail')}>
          Fail authentication
        </Button>
      </div>
    </Modal>
  );
}
