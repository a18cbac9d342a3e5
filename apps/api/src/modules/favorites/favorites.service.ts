import type { Clock } from '../../lib/clock.js';
import type { OrderCatalogueRepository } from '../orders/order-catalogue.repository.js';
import { assertOrderablePreset } from '../orders/order-checks.js';
import type { FavoritesRepository } from './favorites.repository.js';

// Favourite toggle (ordering-payments §4 'Favourite toggles Added / Removed'). The toasts
// 'Added to your Favorites' / 'Removed from your Favorites' are the client's; the API answers
// the new state. Both calls are idempotent: adding twice or removing a non-favourite is fine.
export function createFavoritesService(deps: {
  favorites: FavoritesRepository;
  catalogue: Pick<OrderCatalogueRepository, 'findPreset'>;
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
