import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../stores/session';

/** Ends the server session, then forgets the user here whatever the answer was. */
export async function signOut(): Promise<void> {
  try {
    await api.delete<void>('/user_token');
  } catch {
    // Already expired or offline: signing out locally is what the person asked for.
  } finally {
    clearSession();
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    meta: { handlesErrors: true },
    onSettled: () => queryClient.clear(),
  });
}
