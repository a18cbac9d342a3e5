import { useMemo } from 'react';
import { createStore, useStore } from '../../lib/create-store';
import { storage, storageKeys, type StoredCarts } from '../../lib/storage';
import { headcountStore, useHeadcount } from '../../stores/headcount';
import { defaultLines, hydrateLines, sameCart, scaleCart } from './cart-model';
import type { CartLine, Preset } from './types';

// Saved carts per preset (ordering-payments §3 'Saved cart', §4 Cart; persisted under
// caterway.cart, one of the four client states that survive a reload). A cart that differs
// from the preset's default is kept with the time it was saved; one equal to the default is
// dropped, so an untouched preset always shows its current default. The default is the preset's
// lines scaled to the headcount when one is chosen (issue 20, decision 070), so an untouched cart
// follows the headcount; an edited one keeps the customer's quantities.

/** The preset's starting cart: its default lines, scaled to the headcount if one is chosen. */
export const startingLines = (preset: Preset, people: number | null = headcountStore.get()) =>
  scaleCart(preset, defaultLines(preset), people);

export const cartStore = createStore<StoredCarts>(storage.getCarts());

/** Stores all carts (and tells the other tabs). */
export function writeCarts(next: StoredCarts): void {
  storage.setCarts(next);
  cartStore.set(next);
}

/** Stores the preset's cart, or drops it when it equals the default. */
export function setCart(preset: Preset, lines: CartLine[], now: Date = new Date()): void {
  const key = String(preset.id);
  const { [key]: _previous, ...rest } = cartStore.get();
  if (sameCart(lines, startingLines(preset))) writeCarts(rest);
  else writeCarts({ ...rest, [key]: { checkoutData: lines, savedAt: now.toISOString() } });
}

/** Back to the preset's default cart (after the reset confirmation). */
export function resetCart(presetId: number): void {
  const { [String(presetId)]: _dropped, ...rest } = cartStore.get();
  writeCarts(rest);
}

export interface CartView {
  lines: CartLine[];
  /** ISO time the cart was saved, null for the default cart */
  savedAt: string | null;
}

export function readCart(
  preset: Preset,
  saved: StoredCarts[string] | undefined = cartStore.get()[String(preset.id)],
  people: number | null = headcountStore.get(),
): CartView {
  if (saved && Array.isArray(saved.checkoutData)) {
    const lines = hydrateLines(preset, saved.checkoutData);
    return { lines, savedAt: typeof saved.savedAt === 'string' ? saved.savedAt : null };
  }
  return { lines: startingLines(preset, people), savedAt: null };
}

export function useCart(preset: Preset): CartView {
  const carts = useStore(cartStore);
  const saved = carts[String(preset.id)];
  const people = useHeadcount();
  return useMemo(() => readCart(preset, saved, people), [preset, saved, people]);
}

if (typeof window !== 'undefined') {
  // Another tab edited (or checked out) a cart: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.cart || event.key === null) cartStore.set(storage.getCarts());
  });
}
