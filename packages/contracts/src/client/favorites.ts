import type { FavoriteBody, FavoriteResponse } from '../account-actions.js';
import type { CallOptions, Transport } from './transport.js';

// The favourite toggles of a restaurant or preset page (ordering-payments §4 'Favourite toggles'):
// confirmed users. Read on every key page, so kept to the two calls; the lists of favourites are
// the account's (account.ts). Nothing is cached: no query keys.

export function favoritesClient(send: Transport) {
  const body = (presetId: number): FavoriteBody => ({ preset_id: presetId });
  return {
    /** POST api/v2/favorites */
    add: (presetId: number, o?: CallOptions) =>
      send<FavoriteResponse>('POST', '/api/v2/favorites', { ...o, body: body(presetId) }),
    /** DELETE api/v2/favorites/remove */
    remove: (presetId: number, o?: CallOptions) =>
      send<FavoriteResponse>('DELETE', '/api/v2/favorites/remove', { ...o, body: body(presetId) }),
  };
}

export type FavoritesClient = ReturnType<typeof favoritesClient>;
