import type { SessionUser } from '../../../stores/session';

/** The user as the API returns it, after camelCasing (packages/contracts sessionUserSchema). */
export type ApiUser = Omit<SessionUser, 'jwt'>;

export interface SignInResponse {
  jwt: string;
  user: ApiUser;
}

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
