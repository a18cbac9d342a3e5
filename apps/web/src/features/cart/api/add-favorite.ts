import { favoritesClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const favorites = connect(favoritesClient);

// POST api/v2/favorites {preset_id} (ordering-payments §4 'Favourite toggles'): confirmed users.
export const addFavorite = (presetId: number) => favorites.add(presetId);
