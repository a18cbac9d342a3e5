import { api } from '../../../lib/api-client';

// DELETE api/v2/favorites/remove {preset_id} (ordering-payments §4 'Favourite toggles').
export const removeFavorite = (presetId: number) =>
  api.delete<unknown>('/api/v2/favorites/remove', { body: { presetId } });
