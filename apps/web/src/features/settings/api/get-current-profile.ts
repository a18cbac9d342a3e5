import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountProfile } from '../settings-form';

// GET api/v2/current: the signed-in user's profile (browse-account-orders §7).
export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  systemVars: () => [...settingsKeys.all, 'system-vars'] as const,
};

export const getCurrentProfile = (signal?: AbortSignal) =>
  api.get<{ user: AccountProfile }>('/api/v2/current', { signal }).then((b) => b.user);

export const currentProfileQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.profile(),
    queryFn: ({ signal }) => getCurrentProfile(signal),
    staleTime: 0,
    retry: false,
  });

export const useCurrentProfile = () => useQuery(currentProfileQueryOptions());
