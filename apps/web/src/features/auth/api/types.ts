import type { SignInResponse as WireSignInResponse } from '@caterway/contracts';
import type { SessionUser } from '../../../stores/session';
import type { Camelize } from '../../../types/catalogue';

/** The answer of a sign-in or a token exchange, camelCased (packages/contracts signInResponseSchema). */
export type SignInResponse = Camelize<WireSignInResponse>;
/** The user as the API returns it. */
export type ApiUser = SignInResponse['user'];

export const toSessionUser = (user: ApiUser, jwt: string): SessionUser => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  confirmed: user.confirmed,
  role: user.role,
  adminToken: user.adminToken ?? null,
  jwt,
});
