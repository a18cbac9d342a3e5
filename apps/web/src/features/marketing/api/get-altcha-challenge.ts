import { demoRequestsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/altcha/challenge: a fresh signed proof-of-work challenge (single use, never cached).
// Its keys are the ALTCHA protocol's own camelCase names, which camelCasing leaves as they are.

const demoRequests = connect(demoRequestsClient);

export const getAltchaChallenge = (signal?: AbortSignal) => demoRequests.altchaChallenge({ signal });
