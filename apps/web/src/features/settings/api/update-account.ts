import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdateBody } from '@caterway/contracts';
import { accountClient, accountKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const account = connect(accountClient);

// PUT api/v2/accounts {user: profile fields} (browse-account-orders §7); answers the saved profile.
export const updateAccount = (body: AccountUpdateBody) => account.update(body);

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    // the settings page and the checkout form read the profile under one key
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile(), profile),
  });
}
