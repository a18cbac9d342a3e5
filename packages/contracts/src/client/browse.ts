import type { PresetSearchResponse, RestaurantSearchResponse, SearchQuery } from '../search.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// Browsing (browse-account-orders §7, ordering-payments §7: GET api/v2/search(.json)): restaurants
// by distance, each saying whether it takes an order at the delivery date and time, and presets as
// [category, presets] pairs, a page at a time. Public; a signed-in user's favourites are marked.

/** The listing's parameters but its kind, which each method sets. */
export type BrowseQuery = WireQuery<Omit<SearchQuery, 'search_type'>>;

/** Query keys of the listings. */
export const browseKeys = {
  all: ['browse'] as const,
  /** every page of a restaurant listing (an infinite query: the query has no page) */
  restaurantPages: (query: BrowseQuery) => [...browseKeys.all, 'restaurants', query] as const,
  /** one page of a preset listing */
  presetPage: (query: BrowseQuery) => [...browseKeys.all, 'presets', 'page', query] as const,
  /** every page of a preset listing (an infinite query: the query has no page) */
  presetPages: (query: BrowseQuery) => [...browseKeys.all, 'presets', 'pages', query] as const,
};

export function browseClient(send: Transport) {
  return {
    /** GET api/v2/search.json?search_type=restaurant */
    restaurants: (query: BrowseQuery, o?: CallOptions) =>
      send<RestaurantSearchResponse>('GET', '/api/v2/search.json', {
        ...o,
        query: { ...query, search_type: 'restaurant' },
      }),
    /** GET api/v2/search?search_type=preset */
    presets: (query: BrowseQuery, o?: CallOptions) =>
      send<PresetSearchResponse>('GET', '/api/v2/search', { ...o, query: { ...query, search_type: 'preset' } }),
  };
}

export type BrowseClient = ReturnType<typeof browseClient>;
