import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiUser } from './types';

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
  latitude: number | null;
  longitude: number | null;
  ref?: string;
}

export const signUp = (input: SignUpInput) => api.post<{ user: ApiUser }>('/api/v2/users', { user: input }, { auth: 'none' });

export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { handlesErrors: true } });
}
