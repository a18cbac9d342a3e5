import { createStore, useStore } from '../lib/create-store';
import { MAX_HEADCOUNT, MIN_HEADCOUNT, storage } from '../lib/storage';

// How many people the office manager orders for (issue 20, "headcount first"): asked by the
// delivery bar and the restaurant and preset pages, remembered on the device with the delivery
// details, read by the cart (scaling, servings vs people, the all-in price per person) and by
// the catalogue cards. null until someone says.

export const headcountStore = createStore<number | null>(storage.getHeadcount());

/** Keeps a whole number from 1 to 2,000, or clears it with null; anything else is ignored. */
export function setHeadcount(headcount: number | null): void {
  if (headcount !== null && !(Number.isInteger(headcount) && headcount >= MIN_HEADCOUNT && headcount <= MAX_HEADCOUNT))
    return;
  storage.setHeadcount(headcount);
  headcountStore.set(headcount);
}

export const useHeadcount = () => useStore(headcountStore);

/** The number field that asks "How many people?" (the cart's and the delivery bar's). */
export const headcountInput = { type: 'number', inputMode: 'numeric', min: MIN_HEADCOUNT, max: MAX_HEADCOUNT } as const;

/** The whole number a headcount field holds, or null when it holds none in 1..2,000. */
export const parseHeadcount = (text: string): number | null => {
  const n = Number(text);
  return text !== '' && Number.isInteger(n) && n >= MIN_HEADCOUNT && n <= MAX_HEADCOUNT ? n : null;
};
