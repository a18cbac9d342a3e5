import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sign-up payload (ordering-payments §3 'Sign-up payload'); keys go snake_case on the wire. */
export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  address1: string;
  address2: string;
  password: string;
  passwordConfirmation: string;
  /** required: a geocoded address (ordering-payments §5 'Sign-up') */
  latitude: number;
  longitude: number;
  ref?: string;
}

/** The answer names no account: the same for a registered email (docs/decisions/029). */
export const signUp = (input: SignUpInput) =>
  api.post<{ message: string }>('/api/v2/users', { user: input }, { auth: 'none' });

export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { handlesErrors: true } });
}
