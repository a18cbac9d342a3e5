import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export function Component() {
  const [params] = useSearchParams();
  return (
    <section className="container page page-narrow">
      <h1>Choose a new password</h1>
      <ResetPasswordForm token={params.get('token')} />
    </section>
  );
}
