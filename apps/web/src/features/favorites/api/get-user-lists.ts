import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PresetSearch, PresetSummary } from '../../../types/catalogue';

// GET api/v2/search?search_type=user_data (browse-account-orders §7): favourites, saved carts and
// the presets of placed orders (the group 'Recently Ordered').

export const favoritesKeys = {
  all: ['favorites-page'] as const,
  lists: () => [...favoritesKeys.all, 'lists'] as const,
};

export interface UserLists {
  favorites: PresetSummary[];
  saved: PresetSummary[];
  recent: PresetSummary[];
}

export const getUserLists = (signal?: AbortSignal): Promise<UserLists> =>
  api.get<PresetSearch>('/api/v2/search', { query: { searchType: 'user_data' }, signal }).then((body) => ({
    favorites: body.presets.favoriteRestaurants,
    saved: body.presets.savedForLaterRestaurants,
    recent: body.presets.allPresets.flatMap(([, list]) => list),
  }));

export const userListsQueryOptions = () =>
  queryOptions({ queryKey: favoritesKeys.lists(), queryFn: ({ signal }) => getUserLists(signal), staleTime: 0 });

export const useUserLists = () => useQuery(userListsQueryOptions());

/** Restaurants or presets: a saved cart counts as the kind of the preset it was saved from. */
export function kindOf(preset: PresetSummary): 'restaurant' | 'preset' {
  const type = preset.presetType === 'save_for_later' ? preset.basePresetType : preset.presetType;
  return type === 'restaurant' ? 'restaurant' : 'preset';
}
