import { useMutation } from '@tanstack/react-query';
import type { SignInBody } from '@caterway/contracts';
import { authClient } from '@caterway/contracts/client';
import { messages } from '@caterway/domain';
import { connect } from '../../../api/clients';
import { isApiError } from '../../../lib/api-client';
import { signInUser } from '../../../stores/session';
import { toSessionUser, type SignInResponse } from './types';

const auth = connect(authClient);

export type SignInInput = SignInBody['auth'];

/** Thrown for an account that exists but is not confirmed: it is not signed in (ordering-payments §4). */
export class UnconfirmedAccountError extends Error {}

export async function signIn(input: SignInInput): Promise<SignInResponse> {
  const result = await auth.signIn({ auth: { email: input.email.trim(), password: input.password } });
  if (!result.user.confirmed) throw new UnconfirmedAccountError(messages.confirmEmail);
  signInUser(toSessionUser(result.user, result.jwt));
  return result;
}

/**
 * The message the sign-in form shows (ordering-payments §8): wrong credentials give
 * 'Invalid Information. Please try again.'; otherwise the server's own error (unconfirmed
 * account, too many attempts) when it sent one.
 */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof UnconfirmedAccountError) return messages.confirmEmail;
  if (isApiError(error)) {
    if (error.status === 401) return messages.signInFailed;
    if (error.serverError) return error.serverError;
    if (error.status === 422) return messages.signInFailed;
  }
  return messages.genericFailure;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, meta: { handlesErrors: true } });
}
