// Other open tabs learn that the saved payment methods changed (ordering-payments §2 'Payments
// page': "the change is broadcast to other tabs"). BroadcastChannel where the browser has it;
// otherwise a storage event: a key written and removed at once, so nothing stays on the device
// (lib/storage.ts lists what may persist).

export const PAYMENT_METHODS_CHANNEL = 'caterway-payment-methods';
const STORAGE_SIGNAL_KEY = 'caterway.payment_methods_changed';

let channel: BroadcastChannel | null | undefined;
function getChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAYMENT_METHODS_CHANNEL) : null;
  return channel;
}

/** Tells the other tabs to reload their payment methods. */
export function announcePaymentMethodsChanged(): void {
  const ch = getChannel();
  if (ch) {
    ch.postMessage({ type: 'changed', at: Date.now() });
    return;
  }
  try {
    window.localStorage.setItem(STORAGE_SIGNAL_KEY, String(Date.now()));
    window.localStorage.removeItem(STORAGE_SIGNAL_KEY);
  } catch {
    // Storage disabled: the other tabs see the change on their next load.
  }
}

/** Calls onChange when another tab changed the payment methods; returns the unsubscribe. */
export function subscribePaymentMethodsChanged(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_SIGNAL_KEY && event.newValue !== null) onChange();
  };
  // A separate channel object: a BroadcastChannel does not receive its own messages.
  const listener = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAYMENT_METHODS_CHANNEL) : null;
  listener?.addEventListener('message', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listener?.close();
    window.removeEventListener('storage', onStorage);
  };
}
