import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsEscalation as WireOpsEscalation } from '@caterway/contracts';
import { opsClient, opsKeys, partnerClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

const ops = connect(opsClient);
const partner = connect(partnerClient);

export type OpsEscalation = Camelize<WireOpsEscalation>;

// GET api/v2/ops/escalations (staff only): what restaurants left unanswered, refreshed every
// minute while the console is open.
export const useEscalations = () =>
  useQuery({
    queryKey: opsKeys.escalations(),
    queryFn: ({ signal }) => ops.escalations({ signal }),
    refetchInterval: 60_000,
  });

/** An edit, a cancellation or a reconfirmation acknowledged for the restaurant (the partner API, as operations). */
export function useAcknowledgeForRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (e: OpsEscalation) =>
      partner.answer(e.restaurant.id, e.orderId, { answer: 'acknowledge', request_id: e.requestId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
