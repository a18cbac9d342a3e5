import { createStore, useStore } from '../../lib/create-store';

// Which cart dialog is open (not persisted). One at a time, like the account modals: the menu's
// Add/Edit buttons and the cart summary both open them, the cart panel renders them.
export type CartDialog =
  | { kind: 'edit'; lineId: number | string }
  | { kind: 'remove'; lineId: number | string }
  | { kind: 'reset' }
  | { kind: 'additional' }
  | { kind: 'save' }
  | null;

export const cartDialogStore = createStore<CartDialog>(null);
export const openCartDialog = (dialog: Exclude<CartDialog, null>) => cartDialogStore.set(dialog);
export const closeCartDialog = () => cartDialogStore.set(null);
export const useCartDialog = () => useStore(cartDialogStore);
