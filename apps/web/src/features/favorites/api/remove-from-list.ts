import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountClient, accountKeys, favoritesClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { UserLists } from './get-user-lists';

// DELETE api/v2/favorites/remove {preset_id} and DELETE api/v2/presets/{id} (browse-account-orders §7).
export type ListKind = 'favorite' | 'saved';

const favorites = connect(favoritesClient);
const account = connect(accountClient);

export const removeFromList = ({ kind, presetId }: { kind: ListKind; presetId: number }): Promise<unknown> =>
  kind === 'favorite' ? favorites.remove(presetId) : account.deleteSavedCart(presetId);

export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromList,
    onSuccess: (_data, { kind, presetId }) => {
      // the item leaves the list at once (browse-account-orders §4 Favorites), then the lists reload
      queryClient.setQueryData<UserLists>(accountKeys.lists(), (lists) =>
        lists
          ? kind === 'favorite'
            ? { ...lists, favorites: lists.favorites.filter((p) => p.id !== presetId) }
            : { ...lists, saved: lists.saved.filter((p) => p.id !== presetId) }
          : lists,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}
