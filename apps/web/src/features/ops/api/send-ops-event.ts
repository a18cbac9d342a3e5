import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { opsKeys, type OpsOrderDetail, type StaffOrderEvent } from './types';

// POST api/v2/ops/orders/{id}/events (staff only): accept, decline, mark delivery-ready or delivered, cancel.
export const sendOpsEvent = ({ id, event }: { id: number; event: StaffOrderEvent }) =>
  api.post<{ order: OpsOrderDetail }>(`/api/v2/ops/orders/${id}/events`, { event }).then((body) => body.order);

export function useSendOpsEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOpsEvent,
    onSuccess: async (order) => {
      queryClient.setQueryData(opsKeys.detail(order.id), order);
      await queryClient.invalidateQueries({ queryKey: opsKeys.lists() });
    },
    // a 409 means someone else moved the order meanwhile: show what it is now
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
    },
  });
}
