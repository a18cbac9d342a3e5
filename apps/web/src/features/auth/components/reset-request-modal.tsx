import { useState, type FormEvent } from 'react';
import { isBlank, isValidEmail, messages } from '@caterway/domain';
import { Button, Modal, TextField } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { closeModal, openModal } from '../../../stores/modals';
import { useRequestPasswordReset } from '../api/password-reset';

/** Password reset request (ordering-payments §4, §5): email, then a 'check your email' message. */
export function ResetRequestModal() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = isBlank(email) ? messages.required : isValidEmail(email) ? undefined : messages.invalidEmail;
    setError(problem);
    if (!problem) request.mutate(email);
  };

  const failure = request.isError
    ? isApiError(request.error) && request.error.serverError
      ? request.error.serverError
      : messages.genericFailure
    : null;

  return (
    <Modal title="Reset your password" onClose={closeModal}>
      {request.isSuccess ? (
        <div className="form">
          <p role="status">{request.data.message || messages.resetRequested}</p>
          <Button block data-autofocus onClick={() => openModal('signIn')}>
            Back to sign in
          </Button>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <p className="muted">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </p>
          {failure ? (
            <p className="form-alert" role="alert">
              {failure}
            </p>
          ) : null}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" block busy={request.isPending}>
            Send reset link
          </Button>
          <div className="form-links">
            <button type="button" className="link-button" onClick={() => openModal('signIn')}>
              Back to sign in
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
