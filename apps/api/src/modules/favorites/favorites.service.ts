import type { Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import type { OrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { assertOrderablePreset } from '../orders/order-checks.js';
import { createFavoritesRepository, type FavoritesRepository } from './favorites.repository.js';

// Favourite toggle (ordering-payments §4 'Favourite toggles Added / Removed'). The toasts
// 'Added to your Favorites' / 'Removed from your Favorites' are the client's; the API answers
// the new state. Both calls are idempotent: adding twice or removing a non-favourite is fine.
export function createFavoritesService(deps: {
  favorites: FavoritesRepository;
  catalogue: Pick<OrderCatalogueReads, 'findPreset'>;
  clock: Clock;
}) {
  return {
    async add(userId: number, presetId: number): Promise<{ favorite: boolean }> {
      // the same visibility as the preset detail: unknown, inactive or someone else's saved cart is 404
      assertOrderablePreset(await deps.catalogue.findPreset(presetId), userId);
      await deps.favorites.insert(userId, presetId, deps.clock.now());
      return { favorite: true };
    },
    async remove(userId: number, presetId: number): Promise<{ favorite: boolean }> {
      await deps.favorites.delete(userId, presetId);
      return { favorite: false };
    },
  };
}

/**
 * The ids of a user's favourite presets, for the listings that mark them (search, the presets
 * home): the favorites module's read that other modules call instead of its repository.
 */
export function favoritePresetIdsFrom(db: Queryable): (userId: number) => Promise<number[]> {
  const favorites = createFavoritesRepository(db);
  return (userId) => favorites.presetIdsOf(userId);
}
