import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isBlank, messages, passwordProblems } from '@caterway/domain';
import { Button, TextField } from '@caterway/ui';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { openModal } from '../../../stores/modals';
import { notifyError, notifySuccess } from '../../../stores/notifications';
import { useResetPassword } from '../api/password-reset';
import { PASSWORD_HINT } from '../sign-up-validation';

/** The reset page's form (ordering-payments §4, §5, §8). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const reset = useResetPassword();
  const navigate = useNavigate();

  if (!token) {
    return (
      <p className="form-alert" role="alert">
        {messages.invalidLink}
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (isBlank(password)) next.password = messages.required;
    else if (passwordProblems(password).length > 0) next.password = passwordProblems(password).join('. ');
    if (confirmation === '') next.confirmation = messages.required;
    else if (confirmation !== password) next.confirmation = messages.bothPasswordsSame;
    setErrors(next);
    setServerMessages([]);
    if (next.password || next.confirmation) return;
    reset.mutate(
      { resetPasswordToken: token, password, passwordConfirmation: confirmation },
      {
        onSuccess: () => {
          notifySuccess(messages.successfullyUpdated);
          void navigate(paths.home.path, { replace: true });
          openModal('signIn');
        },
        onError: (err) => {
          // Server messages under the form plus a toast with the server error, or the generic failure.
          if (isApiError(err)) {
            setServerMessages(err.messages.length > 0 ? err.messages : err.serverError ? [err.serverError] : []);
            notifyError(err.serverError ?? messages.genericFailure);
          } else {
            notifyError(messages.genericFailure);
          }
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="Confirm password"
        type="password"
        name="passwordConfirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        error={errors.confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      {serverMessages.length > 0 ? (
        <div className="form-alert" role="alert">
          <ul>
            {serverMessages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" block busy={reset.isPending}>
        Update password
      </Button>
    </form>
  );
}
