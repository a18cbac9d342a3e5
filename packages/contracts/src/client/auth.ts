import type {
  PasswordResetBody,
  PasswordResetRequestBody,
  SignInBody,
  SignInResponse,
  SignUpBody,
  SignUpResponse,
  TokenExchangeResponse,
} from '../auth.js';
import type { OkBody } from '../common.js';
import type { CallOptions, Transport } from './transport.js';

// The ways to a session (ordering-payments §3, §7; decisions 029, 030): sign-in, sign-up, a
// link's token exchanged for a session of its own, and the password reset. All but the exchange
// are public: they carry no token (a refusal signs no one out), and their answers name no account
// that was not asked for. The session once held is session.ts. Nothing here is cached: no keys.

export function authClient(send: Transport) {
  return {
    /** POST user_token: 401 wrong credentials, 403 an unconfirmed account */
    signIn: (body: SignInBody, o?: CallOptions) =>
      send<SignInResponse>('POST', '/user_token', { ...o, body, auth: 'none' }),
    /** POST api/v2/users -> 201: the same answer for a registered email */
    signUp: (body: SignUpBody, o?: CallOptions) =>
      send<SignUpResponse>('POST', '/api/v2/users', { ...o, body, auth: 'none' }),
    /** GET api/auth/token with a link's token instead of the app's: a session of its own */
    exchangeToken: (token: string, o?: CallOptions) =>
      send<TokenExchangeResponse>('GET', '/api/auth/token', { ...o, auth: { token } }),
    /** POST users/password.json: emails a reset link (the same answer for any email) */
    requestPasswordReset: (body: PasswordResetRequestBody, o?: CallOptions) =>
      send<OkBody>('POST', '/users/password.json', { ...o, body, auth: 'none' }),
    /** PUT api/v2/accounts/reset-password: the new password, with the emailed token */
    resetPassword: (body: PasswordResetBody, o?: CallOptions) =>
      send<OkBody>('PUT', '/api/v2/accounts/reset-password', { ...o, body, auth: 'none' }),
  };
}

export type AuthClient = ReturnType<typeof authClient>;
