import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountClient, accountKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/current: the account's profile fills the checkout form (first and last name are
// read-only there: ordering-payments §5).

const account = connect(accountClient);

export const getCurrentUser = (signal?: AbortSignal) => account.profile({ signal });

export const useCurrentUser = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: accountKeys.profile(),
      queryFn: ({ signal }) => getCurrentUser(signal),
      enabled,
      staleTime: 60_000,
    }),
  );
