import type { SessionStatusResponse } from '../auth.js';
import type { CallOptions, Transport } from './transport.js';

// The session the app holds (browse-account-orders §4 Sessions): checked before checkout and at
// start, and ended by sign-out. Every page can do both, so this client is kept to them; the ways
// to a session (sign-in, sign-up, a link's token) are auth.ts.

/** Query keys of session data. */
export const sessionKeys = {
  all: ['session'] as const,
  status: () => [...sessionKeys.all, 'status'] as const,
};

export function sessionClient(send: Transport) {
  return {
    /** GET api/v2/session: still alive? 401 when not (does not count as activity) */
    status: (o?: CallOptions) => send<SessionStatusResponse>('GET', '/api/v2/session', o),
    /** DELETE user_token: revokes the session of the bearer token (204) */
    signOut: (o?: CallOptions) => send<undefined>('DELETE', '/user_token', o),
  };
}

export type SessionClient = ReturnType<typeof sessionClient>;
