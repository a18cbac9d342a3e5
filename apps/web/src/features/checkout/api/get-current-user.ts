import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkoutKeys, type AccountProfile } from './types';

// GET api/v2/current: the account's profile fills the checkout form (first and last name are
// read-only there: ordering-payments §5).
export const getCurrentUser = (signal?: AbortSignal) =>
  api.get<{ user: AccountProfile }>('/api/v2/current', { signal }).then((b) => b.user);

export const useCurrentUser = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: checkoutKeys.currentUser(),
      queryFn: ({ signal }) => getCurrentUser(signal),
      enabled,
      staleTime: 60_000,
    }),
  );
