import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isBlank, isValidEmail, messages } from '@caterway/domain';
import { Button, Modal, TextField } from '@caterway/ui';
import { closeModal, openModal, signInReturnStore } from '../../../stores/modals';
import { signInErrorMessage, useSignIn } from '../api/sign-in';
import { pendingConfirmationStore } from '../pending-confirmation';

export function SignInModal() {
  // Just signed up: the account waits for its email link (ordering-payments §4); say so once.
  const [signedUpAs] = useState(() => pendingConfirmationStore.get());
  useEffect(() => pendingConfirmationStore.set(null), []);
  const [email, setEmail] = useState(signedUpAs ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const signIn = useSignIn();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // ordering-payments §5 'Sign-in: email (valid) and password required'
    const next = {
      email: isBlank(email) ? messages.required : isValidEmail(email) ? undefined : messages.invalidEmail,
      password: password === '' ? messages.required : undefined,
    };
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          // back to the page that asked for a sign-in, if one did
          const returnTo = signInReturnStore.get();
          closeModal();
          if (returnTo) void navigate(returnTo);
        },
      },
    );
  };

  return (
    <Modal title="Sign In" onClose={closeModal}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {signedUpAs ? (
          <p className="form-note" role="status">
            We sent an email to <strong>{signedUpAs}</strong>. Follow its link to confirm your address, then sign in. If
            this address already has an account, the email says so.
          </p>
        ) : null}
        {signIn.isError ? (
          <p className="form-alert" role="alert">
            {signInErrorMessage(signIn.error)}
          </p>
        ) : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" block busy={signIn.isPending}>
          Sign In
        </Button>
        <div className="form-links">
          <button type="button" className="link-button" onClick={() => openModal('resetPassword')}>
            Forgot password?
          </button>
          <p>
            New to Caterway?{' '}
            <button type="button" className="link-button" onClick={() => openModal('signUp')}>
              Create an account
            </button>
          </p>
        </div>
      </form>
    </Modal>
  );
}
