import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerInviteAcceptBody } from '@caterway/contracts';
import { partnerClient, partnerKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const partner = connect(partnerClient);

// POST api/v2/partner/invites/lookup (public): the restaurant, the role, the email and whether it
// has an account. A used or expired link answers 404 (or 409/410) with a message the page shows.
export const useInviteLookup = (token: string | null) =>
  useQuery({
    // the token stays in memory (this cache), never in a URL or storage
    queryKey: [...partnerKeys.all, 'invite', token] as const,
    queryFn: ({ signal }) => partner.lookupInvite(token!, { signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
    meta: { handlesErrors: true, sameForAnyone: true },
  });

// POST api/v2/partner/invites/accept: a new account's names and password, or the signed-in account.
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerInviteAcceptBody) => partner.acceptInvite(body),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.restaurants() }),
  });
}
