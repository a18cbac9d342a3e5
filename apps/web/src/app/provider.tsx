import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { messages } from '@caterway/domain';
import { getSessionStatus } from '../features/auth/api/session';
import { configureApiClient } from '../lib/api-client';
import { createQueryClient, reloadAsVisitor } from '../lib/query-client';
import { closeModal } from '../stores/modals';
import { notify, notifyError, TOAST_DURATION } from '../stores/notifications';
import { clearSession, getToken, sessionStore } from '../stores/session';

const queryClient = createQueryClient((message) => notifyError(message));

// Any 401 on a call made as the signed-in user signs them out, with the inactivity notice
// (ordering-payments §8 'Session expired', 4 s; browse-account-orders §4 Sessions).
configureApiClient({
  getToken,
  onUnauthorized: () => {
    const wasSignedIn = sessionStore.get() !== null;
    clearSession();
    void reloadAsVisitor(queryClient);
    if (wasSignedIn) {
      closeModal();
      notify({
        tone: 'error',
        title: 'Signed out',
        message: messages.loggedOutInactivity,
        duration: TOAST_DURATION.default,
      });
    }
  },
});

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  useEffect(() => {
    // A stored token may have expired while the tab was closed: ask once at start, so the
    // greeting does not claim a session the server no longer has. A 401 signs out (above).
    if (getToken()) getSessionStatus().catch(() => undefined);
  }, []);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
