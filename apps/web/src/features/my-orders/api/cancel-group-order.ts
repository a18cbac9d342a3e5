import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupOrderKeys, groupOrdersClient, orderKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// DELETE api/v2/group_orders/{id} (browse-account-orders §7): the creator cancels while editable,
// through the group-order client the group-order site shares (decision 041).

const groupOrders = connect(groupOrdersClient);

export const cancelGroupOrder = (id: number) => groupOrders.cancel(id);

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
