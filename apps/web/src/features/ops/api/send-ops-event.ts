import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsClient, opsKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { StaffOrderEvent } from './types';

const ops = connect(opsClient);

// POST api/v2/ops/orders/{id}/events (staff only): accept, decline, mark delivery-ready or delivered, cancel.
export const sendOpsEvent = ({ id, event }: { id: number; event: StaffOrderEvent }) => ops.sendEvent(id, { event });

export function useSendOpsEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOpsEvent,
    onSuccess: async (order) => {
      queryClient.setQueryData(opsKeys.detail(order.id), order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.lists() }),
        // an accept or a decline answers the restaurants' requests: the escalation queue changes
        queryClient.invalidateQueries({ queryKey: opsKeys.escalations() }),
      ]);
    },
    // a 409 means someone else moved the order meanwhile: show what it is now
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
    },
  });
}
