import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionClient, sessionKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/session: verified before checkout (ordering-payments §6). An expired session answers
// 401, and the API client signs the user out with the inactivity message (browse-account-orders §4).

const session = connect(sessionClient);

export const getSession = (signal?: AbortSignal) => session.status({ signal });

export const useSessionCheck = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: sessionKeys.status(),
      queryFn: ({ signal }) => getSession(signal),
      enabled,
      staleTime: 0,
      gcTime: 0,
      retry: false,
      meta: { handlesErrors: true },
    }),
  );
