import { createStore, useStore } from '../lib/create-store';

// Exactly one of the account modals shows at a time (ordering-payments §2 'Modals'):
// one state holds which; opening one replaces any other; closing clears all.
export type AuthModal = 'signIn' | 'signUp' | 'resetPassword';

export const modalStore = createStore<AuthModal | null>(null);

/** Where to go once signed in, when a page sent a visitor home to sign in (browse-account-orders §2 /my-orders). */
export const signInReturnStore = createStore<string | null>(null);

export const openModal = (which: AuthModal) => modalStore.set(which);
export const closeModal = () => {
  modalStore.set(null);
  signInReturnStore.set(null);
};
/** The sign-in prompt with the path to come back to after signing in. */
export const promptSignIn = (returnTo: string) => {
  signInReturnStore.set(returnTo);
  modalStore.set('signIn');
};
export const useOpenModal = () => useStore(modalStore);
