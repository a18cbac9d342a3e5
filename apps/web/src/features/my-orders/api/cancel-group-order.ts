import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupOrderKeys, groupOrdersClient } from '@caterway/contracts/client';
import { wireTransport } from '../../../lib/api-client';
import { orderKeys } from './types';

// DELETE api/v2/group_orders/{id} (browse-account-orders §7): the creator cancels while editable,
// through the group-order client the group-order site shares (decision 041).
export const cancelGroupOrder = (id: number) => groupOrdersClient(wireTransport).cancel(id);

/** After cancelling, the order list reloads (§4 Cancelling). */
export function useCancelGroupOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGroupOrder,
    onSuccess: async (_data, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.history() }),
        queryClient.invalidateQueries({ queryKey: groupOrderKeys.detail(id) }),
      ]);
    },
  });
}
