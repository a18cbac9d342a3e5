import { api } from '../../../lib/api-client';

export interface SessionStatus {
  active: boolean;
  expiresAt: string;
  idleExpiresAt: string;
}

/** Asks whether the stored token's server session is still alive; a 401 signs the user out (api-client). */
export const getSessionStatus = () => api.get<SessionStatus>('/api/v2/session');
