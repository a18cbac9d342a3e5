import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerInviteBody } from '@caterway/contracts';
import { partnerClient, partnerKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const partner = connect(partnerClient);

// GET api/v2/partner/restaurants/{chefId}/team (managers, owners, operations): members and open invitations.
export const useTeam = (chefId: number, enabled: boolean) =>
  useQuery({
    queryKey: partnerKeys.team(chefId),
    queryFn: ({ signal }) => partner.team(chefId, { signal }),
    meta: { handlesErrors: true },
    enabled,
  });

// POST api/v2/partner/restaurants/{chefId}/invites: 201 with the invitation; 403 (a manager
// inviting above staff), 409 (already on the team), 422 (the email) and 429 (50 a day) with messages.
export function useSendInvite(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerInviteBody) => partner.invite(chefId, body),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.team(chefId) }),
  });
}
