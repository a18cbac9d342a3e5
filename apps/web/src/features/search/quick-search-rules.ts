// What the navigation search asks for and when (ordering-payments §5, §7, §9). A module of its own:
// the search input on every page reads these, and the call itself (api/quick-search.ts) loads
// with the results panel, at the first search.

export interface QuickSearchParams {
  q: string;
  lat: number | null;
  lng: number | null;
  address: string;
}

/** The delivery details a search is near (ordering-payments §7): the navigation search's `near`. */
export type QuickSearchNear = Omit<QuickSearchParams, 'q'>;

/** Search starts at 3 characters, after a 500 ms pause (ordering-payments §5, §9). */
export const QUICK_SEARCH_MIN_CHARS = 3;
export const QUICK_SEARCH_DEBOUNCE_MS = 500;
