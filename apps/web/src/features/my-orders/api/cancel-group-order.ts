import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './types';

// DELETE api/v2/group_orders/{id} (browse-account-orders §7): the creator cancels while editable.
export const cancelGroupOrder = (id: number) => api.delete<unknown>(`/api/v2/group_orders/${id}`);

/** After cancelling, the order list reloads (§4 Cancelling). */
export function useCancelGroupOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGroupOrder,
    onSuccess: async (_data, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.history() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.groupDetail(id) }),
      ]);
    },
  });
}
