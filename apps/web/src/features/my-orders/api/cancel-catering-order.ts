import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// DELETE api/v2/catering_orders/{id} (browse-account-orders §4 Cancelling): voids or refunds the payment.
export const cancelCateringOrder = (id: number) => orders.cancel(id);

/** After cancelling, the order list reloads (§4). */
export function useCancelCateringOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCateringOrder,
    onSuccess: async (_data, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.history() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
        // a cancel after the payment was collected issues a credit note
        queryClient.invalidateQueries({ queryKey: orderKeys.creditNotes(id) }),
      ]);
    },
  });
}
