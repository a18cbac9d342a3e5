import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { closeModal, openModal } from '../../../stores/modals';
import { usePendingConfirmationEmail } from '../pending-confirmation';

/**
 * After sign-up: new accounts are unconfirmed, so the person confirms by email, then signs in
 * (ordering-payments §4). The words fit an address that already had an account too: the answer
 * does not say which (docs/decisions/029), the email does.
 */
export function SignUpConfirmationModal() {
  const email = usePendingConfirmationEmail();
  return (
    <Modal title="Check your email" onClose={closeModal}>
      <div className="form">
        <p>
          We sent an email to {email ? <strong>{email}</strong> : 'your email address'}. Follow its link to confirm your address, then sign
          in.
        </p>
        <p className="field-hint">If this address already has an account, the email tells you so and how to reset a forgotten password.</p>
        <Button block data-autofocus onClick={() => openModal('signIn')}>
          Sign In
        </Button>
      </div>
    </Modal>
  );
}
