import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { closeModal, openModal } from '../../../stores/modals';
import { usePendingConfirmationEmail } from '../pending-confirmation';

/** After sign-up: new accounts are unconfirmed, so the person confirms by email, then signs in (ordering-payments §4). */
export function SignUpConfirmationModal() {
  const email = usePendingConfirmationEmail();
  return (
    <Modal title="Check your email" onClose={closeModal}>
      <div className="form">
        <p>
          Your account has been created. We sent a confirmation link to {email ? <strong>{email}</strong> : 'your email address'}.
          Please confirm your email address, then sign in.
        </p>
        <Button block data-autofocus onClick={() => openModal('signIn')}>
          Sign In
        </Button>
      </div>
    </Modal>
  );
}
