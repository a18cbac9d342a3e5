import { sessionClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const session = connect(sessionClient);

/** Asks whether the stored token's server session is still alive; a 401 signs the user out (api-client). */
export const getSessionStatus = (signal?: AbortSignal) => session.status({ signal });
