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
