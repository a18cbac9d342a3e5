import { createContext, useContext } from 'react';
import { createStore, useStore, type Store } from '../../lib/create-store';
import { sameCart } from './cart-model';
import { readCart, resetCart, setCart, useCart, type CartView } from './cart-store';
import type { CartLine, Preset } from './types';

// Where the cart components read and write their lines. The restaurant and preset pages use the
// saved carts (cart-store, kept per preset across reloads); the edit-order and add-on pages hold
// their own cart in memory (the order's lines, or an empty add-on cart) and give it to the same
// components through CartSourceContext.

export interface CartSource {
  /** the lines now (outside React) */
  read(preset: Preset): CartView;
  /** the lines, as a hook (the source never changes during a component's life) */
  useLines(preset: Preset): CartView;
  write(preset: Preset, lines: CartLine[]): void;
  /** back to the start after the reset confirmation (the default cart, or the source's own start) */
  reset(preset: Preset): void;
  /** whether Reset shows: the saved cart differs from the default, or the lines from the start */
  canReset(view: CartView, preset: Preset): boolean;
  /** add-on orders: the lines may not exceed this many (ordering-payments §5 'Add-on limit') */
  maxLines?: number;
}

export const savedCartSource: CartSource = {
  read: (preset) => readCart(preset),
  useLines: useCart,
  write: (preset, lines) => setCart(preset, lines),
  reset: (preset) => resetCart(preset.id),
  canReset: (view) => view.savedAt !== null,
};

export interface MemoryCartSource extends CartSource {
  store: Store<CartLine[]>;
  /** replaces the starting lines (the order as saved on the server) */
  restart(lines: CartLine[]): void;
}

/** A cart in memory starting from `initial` (the edit page's order, the add-on page's empty cart). */
export function memoryCartSource(initial: CartLine[], options: { maxLines?: number } = {}): MemoryCartSource {
  const store = createStore<CartLine[]>(initial);
  let start = initial;
  return {
    store,
    maxLines: options.maxLines,
    read: () => ({ lines: store.get(), savedAt: null }),
    useLines: () => ({ lines: useStore(store), savedAt: null }),
    write: (_preset, lines) => store.set(lines),
    reset: () => store.set(start),
    canReset: (view) => !sameCart(view.lines, start),
    restart(lines) {
      start = lines;
      store.set(lines);
    },
  };
}

const CartSourceContext = createContext<CartSource>(savedCartSource);
export const CartSourceProvider = CartSourceContext.Provider;
export const useCartSource = (): CartSource => useContext(CartSourceContext);
