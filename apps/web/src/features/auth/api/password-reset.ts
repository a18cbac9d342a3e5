import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const requestPasswordReset = (email: string) =>
  api.post<{ message: string }>('/users/password.json', { user: { email: email.trim() } }, { auth: 'none' });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { handlesErrors: true } });
}

export interface ResetPasswordInput {
  resetPasswordToken: string;
  password: string;
  passwordConfirmation: string;
}

export const resetPassword = (input: ResetPasswordInput) =>
  api.put<{ message: string }>('/api/v2/accounts/reset-password', { user: input }, { auth: 'none' });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { handlesErrors: true } });
}
