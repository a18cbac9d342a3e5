import { api } from '../../../lib/api-client';
import type { AltchaChallenge } from '../captcha/solver';

// GET api/v2/altcha/challenge: a fresh signed proof-of-work challenge (single use, never cached).
// Its keys are the ALTCHA protocol's own camelCase names, which the client's key conversion leaves as they are.
export const getAltchaChallenge = (signal?: AbortSignal) =>
  api.get<AltchaChallenge>('/api/v2/altcha/challenge', { signal, auth: 'none' });
