import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountClient, accountKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/current: the signed-in user's profile (browse-account-orders §7).

const account = connect(accountClient);

export const getCurrentProfile = (signal?: AbortSignal) => account.profile({ signal });

export const currentProfileQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => getCurrentProfile(signal),
    staleTime: 0,
    retry: false,
  });

export const useCurrentProfile = () => useQuery(currentProfileQueryOptions());
