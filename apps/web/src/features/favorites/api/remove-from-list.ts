import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { favoritesKeys, type UserLists } from './get-user-lists';

// DELETE api/v2/favorites/remove {presetId} and DELETE api/v2/presets/{id} (browse-account-orders §7).
export type ListKind = 'favorite' | 'saved';

export const removeFromList = ({ kind, presetId }: { kind: ListKind; presetId: number }) =>
  kind === 'favorite'
    ? api.delete<unknown>('/api/v2/favorites/remove', { body: { presetId } })
    : api.delete<unknown>(`/api/v2/presets/${presetId}`);

export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromList,
    onSuccess: (_data, { kind, presetId }) => {
      // the item leaves the list at once (browse-account-orders §4 Favorites), then the lists reload
      queryClient.setQueryData<UserLists>(favoritesKeys.lists(), (lists) =>
        lists
          ? kind === 'favorite'
            ? { ...lists, favorites: lists.favorites.filter((p) => p.id !== presetId) }
            : { ...lists, saved: lists.saved.filter((p) => p.id !== presetId) }
          : lists,
      );
      void queryClient.invalidateQueries({ queryKey: favoritesKeys.lists() });
    },
  });
}
