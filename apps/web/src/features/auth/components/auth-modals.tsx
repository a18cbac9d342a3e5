import type { AuthModal } from '../../../stores/modals';
import { ResetRequestModal } from './reset-request-modal';
import { SignInModal } from './sign-in-modal';
import { SignUpModal } from './sign-up-modal';

/** Renders the one open account modal (ordering-payments §2: exactly one shows). Loaded lazily. */
export default function AuthModals({ which }: { which: AuthModal }) {
  switch (which) {
    case 'signIn':
      return <SignInModal />;
    case 'signUp':
      return <SignUpModal />;
    case 'resetPassword':
      return <ResetRequestModal />;
  }
}
