import { useMutation } from '@tanstack/react-query';
import type { PasswordResetBody } from '@caterway/contracts';
import { authClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

const auth = connect(authClient);

export const requestPasswordReset = (email: string) => auth.requestPasswordReset({ user: { email: email.trim() } });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { handlesErrors: true } });
}

export type ResetPasswordInput = Camelize<PasswordResetBody['user']>;

export const resetPassword = (input: ResetPasswordInput) =>
  auth.resetPassword({
    user: {
      reset_password_token: input.resetPasswordToken,
      password: input.password,
      password_confirmation: input.passwordConfirmation,
    },
  });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { handlesErrors: true } });
}
