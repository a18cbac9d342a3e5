// The rows search.repository reads for the in-memory search indexes (catering-index.ts,
// quick-search-index.ts, located-rows.ts): shapes both layers use, kept below them
// (.dependency-cruiser.cjs, layer 5).

/** A preset as an index reads it: its id and the coordinates of its stored cube (null without a location). */
export interface LocatedRow {
  id: number;
  x: number | null;
  y: number | null;
  z: number | null;
}

/** What the index needs of one active catering preset (search.repository's cateringIndexRows). */
export interface CateringIndexRow extends LocatedRow {
  cuisine_types: string[];
  /** its dishes' dietary tags (the dietary filter, decision 067) */
  dietary_types: string[];
}

export interface CateringIndexData {
  /** every active catering preset, most ordered first (order_count DESC, id): the popular sort */
  popular: CateringIndexRow[];
  /** their ids by price_per_person_cents, id (price_desc is the same list backwards) */
  byPrice: number[];
  /** their ids by number_of_guests, id (headcount_desc backwards) */
  byGuests: number[];
}

/** An active restaurant: its id, the coordinates of its stored cube and its cuisines (the full search's filter). */
export interface QuickIndexRow extends LocatedRow {
  cuisine_types?: string[];
}

/** A restaurant matching a query, with its relevance rounded to 2 decimals, times 100. */
export interface QuickMatch {
  id: number;
  score100: number;
}

/** A word of the catalogue (search_terms) for the forgiving search's vocabulary (decision 065). */
export interface VocabularyWord {
  word: string;
  /** an English stop word ("the", "with"): no filter of its own */
  stop: boolean;
}

/** A dish of an active restaurant for the full search's dish index (dish-index.ts), with its restaurant. */
export interface DishRow {
  id: number;
  chef_id: number;
  name: string;
  price_cents: number;
  main_image_url: string;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_slug: string;
}
