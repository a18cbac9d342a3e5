import { createStore, useStore } from '../../lib/create-store';

/** The email a new account was created with, for the 'check your email' modal. In memory only. */
export const pendingConfirmationStore = createStore<string | null>(null);
export const usePendingConfirmationEmail = () => useStore(pendingConfirmationStore);
