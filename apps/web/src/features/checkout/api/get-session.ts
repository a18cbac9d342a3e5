import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionStatusResponse } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';
import { checkoutKeys } from './types';

// GET api/v2/session: verified before checkout (ordering-payments §6). An expired session answers
// 401, and the API client signs the user out with the inactivity message (browse-account-orders §4).
export type SessionStatus = Camelize<SessionStatusResponse>;

export const getSession = (signal?: AbortSignal) => api.get<SessionStatus>('/api/v2/session', { signal });

export const useSessionCheck = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: checkoutKeys.session(),
      queryFn: ({ signal }) => getSession(signal),
      enabled,
      staleTime: 0,
      gcTime: 0,
      retry: false,
      meta: { handlesErrors: true },
    }),
  );
