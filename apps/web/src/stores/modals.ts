import { createStore, useStore } from '../lib/create-store';

// Exactly one of the account modals shows at a time (ordering-payments §2 'Modals'):
// one state holds which; opening one replaces any other; closing clears all.
export type AuthModal = 'signIn' | 'signUp' | 'confirm' | 'resetPassword';

export const modalStore = createStore<AuthModal | null>(null);

export const openModal = (which: AuthModal) => modalStore.set(which);
export const closeModal = () => modalStore.set(null);
export const useOpenModal = () => useStore(modalStore);
