import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '@caterway/contracts';
import { authClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

const auth = connect(authClient);

/** Sign-up payload (ordering-payments §3 'Sign-up payload'); latitude and longitude: a geocoded address (§5). */
export type SignUpInput = Camelize<SignUpBody['user']>;

/** The answer names no account: the same for a registered email (docs/decisions/029). */
export const signUp = (input: SignUpInput) =>
  auth.signUp({
    user: {
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      company_name: input.companyName,
      address1: input.address1,
      address2: input.address2,
      password: input.password,
      password_confirmation: input.passwordConfirmation,
      latitude: input.latitude,
      longitude: input.longitude,
      ref: input.ref,
    },
  });

export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { handlesErrors: true } });
}
