import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdateBody } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { AccountProfile } from '../settings-form';
import { settingsKeys } from './get-current-profile';

// PUT api/v2/accounts {user: profile fields} (browse-account-orders §7); answers the saved profile.
export const updateAccount = (body: AccountUpdateBody) =>
  api.put<{ user: AccountProfile }>('/api/v2/accounts', body).then((b) => b.user);

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (profile) => queryClient.setQueryData(settingsKeys.profile(), profile),
  });
}
