import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { clearSession } from '../../../stores/session';

const session = connect(sessionClient);

/** Ends the server session, then forgets the user here whatever the answer was. */
export async function signOut(): Promise<void> {
  try {
    await session.signOut();
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
