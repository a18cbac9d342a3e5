import { api } from '../../../lib/api-client';

// POST api/v2/favorites {preset_id} (ordering-payments §4 'Favourite toggles'): confirmed users.
export const addFavorite = (presetId: number) => api.post<unknown>('/api/v2/favorites', { presetId });
