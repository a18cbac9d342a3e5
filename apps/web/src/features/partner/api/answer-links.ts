import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerAnswerLinkAnswerBody } from '@caterway/contracts';
import { partnerClient, partnerKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const partner = connect(partnerClient);
const key = (token: string | null) => [...partnerKeys.all, 'answer-link', token] as const;

// POST api/v2/partner/answer-links/lookup (public): the order an email's Accept or Decline link is
// about, and whether it was answered. An invalid or expired link answers 404 with its message.
export const useAnswerLink = (token: string | null) =>
  useQuery({
    // the token stays in memory (this cache), never in a URL or storage
    queryKey: key(token),
    queryFn: ({ signal }) => partner.lookupAnswerLink(token!, { signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
    meta: { handlesErrors: true, sameForAnyone: true },
  });

// POST api/v2/partner/answer-links/answer: accepts, or declines with a reason; 409 once answered.
export function useAnswerByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<PartnerAnswerLinkAnswerBody, 'token'>) => partner.answerByLink({ ...body, token }),
    meta: { handlesErrors: true },
    onSuccess: (answer) => queryClient.setQueryData(key(token), answer),
    // answered meanwhile (someone else, another link): show what it is now
    onError: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}
