import { createStore } from '../../lib/create-store';

/** The email a new account was created with, for the sign-in modal that opens after sign-up. In memory only. */
export const pendingConfirmationStore = createStore<string | null>(null);
