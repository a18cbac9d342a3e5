import { favoritesClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const favorites = connect(favoritesClient);

// DELETE api/v2/favorites/remove {preset_id} (ordering-payments §4 'Favourite toggles').
export const removeFavorite = (presetId: number) => favorites.remove(presetId);
