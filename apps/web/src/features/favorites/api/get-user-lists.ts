import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountClient, accountKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { PresetSummary } from '../../../types/catalogue';

// GET api/v2/search?search_type=user_data (browse-account-orders §7): favourites, saved carts and
// the presets of placed orders (the group 'Recently Ordered').

const account = connect(accountClient);

export interface UserLists {
  favorites: PresetSummary[];
  saved: PresetSummary[];
  recent: PresetSummary[];
}

export const getUserLists = (signal?: AbortSignal): Promise<UserLists> =>
  account.lists({ signal }).then((body) => ({
    favorites: body.presets.favoriteRestaurants,
    saved: body.presets.savedForLaterRestaurants,
    recent: body.presets.allPresets.flatMap(([, list]) => list),
  }));

export const userListsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.lists(), queryFn: ({ signal }) => getUserLists(signal), staleTime: 0 });

export const useUserLists = () => useQuery(userListsQueryOptions());

/** Restaurants or presets: a saved cart counts as the kind of the preset it was saved from. */
export function kindOf(preset: PresetSummary): 'restaurant' | 'preset' {
  const type = preset.presetType === 'save_for_later' ? preset.basePresetType : preset.presetType;
  return type === 'restaurant' ? 'restaurant' : 'preset';
}
