import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './types';

export interface CanceledOrder {
  cateringOrder: { id: number; status: string; paymentStatus: string; refundedCents: number };
}

// DELETE api/v2/catering_orders/{id} (browse-account-orders §4 Cancelling): voids or refunds the payment.
export const cancelCateringOrder = (id: number) => api.delete<CanceledOrder>(`/api/v2/catering_orders/${id}`);

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
