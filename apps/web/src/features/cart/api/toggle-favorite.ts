import { messages } from '@caterway/domain';
import { isApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../stores/notifications';
import { addFavorite } from './add-favorite';
import { removeFavorite } from './remove-favorite';

/**
 * The Favorite toggle pressed (ordering-payments §4): adds or removes the preset, says so, and
 * answers whether it is a favourite now (unchanged when the call failed). Loaded on the press.
 */
export async function toggleFavorite(presetId: number, favorite: boolean): Promise<boolean> {
  try {
    if (favorite) {
      await removeFavorite(presetId);
      notify({ tone: 'success', message: messages.removedFromFavorites });
      return false;
    }
    await addFavorite(presetId);
    notify({ tone: 'success', message: messages.addedToFavorites });
    return true;
  } catch (error) {
    notifyError(isApiError(error) && error.serverError ? error.serverError : messages.genericFailure);
    return favorite;
  }
}
