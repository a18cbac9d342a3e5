import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartnerClosureBody,
  PartnerOrderingRules,
  PartnerPauseBody,
  PartnerWeeklyHours,
} from '@caterway/contracts';
import { partnerCalendarClient, partnerCalendarKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// A restaurant's calendar page (issue 19 part 2; decision 055): weekly windows, closures, the
// statutory holidays offered as closures, the pause, lead time and minimum order. Every write
// answers the whole calendar, which replaces the cached one; a closure also changes which
// holidays are taken, so those are read again.

const calendar = connect(partnerCalendarClient);

export const useCalendar = (chefId: number) =>
  useQuery({
    queryKey: partnerCalendarKeys.calendar(chefId),
    queryFn: ({ signal }) => calendar.calendar(chefId, { signal }),
    meta: { handlesErrors: true },
  });

export const useHolidays = (chefId: number) =>
  useQuery({
    queryKey: partnerCalendarKeys.holidays(chefId),
    queryFn: ({ signal }) => calendar.holidays(chefId, { signal }),
    staleTime: 10 * 60_000,
    meta: { handlesErrors: true },
  });

export type PortalCalendar = NonNullable<ReturnType<typeof useCalendar>['data']>;

type Write =
  | { kind: 'hours'; body: PartnerWeeklyHours }
  | { kind: 'addClosure'; body: PartnerClosureBody }
  | { kind: 'removeClosure'; closureId: number }
  | { kind: 'pause'; body: PartnerPauseBody }
  | { kind: 'resume' }
  | { kind: 'ordering'; body: PartnerOrderingRules };

function send(chefId: number, write: Write) {
  switch (write.kind) {
    case 'hours':
      return calendar.saveHours(chefId, write.body);
    case 'addClosure':
      return calendar.addClosure(chefId, write.body);
    case 'removeClosure':
      return calendar.removeClosure(chefId, write.closureId);
    case 'pause':
      return calendar.pause(chefId, write.body);
    case 'resume':
      return calendar.resume(chefId);
    case 'ordering':
      return calendar.saveOrdering(chefId, write.body);
  }
}

/** One change to the calendar; each form has its own, so each shows its own busy state and errors. */
export function useCalendarWrite(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: Write) => send(chefId, write),
    meta: { handlesErrors: true },
    onSuccess: (saved, write) => {
      queryClient.setQueryData(partnerCalendarKeys.calendar(chefId), saved);
      if (write.kind === 'addClosure' || write.kind === 'removeClosure')
        void queryClient.invalidateQueries({ queryKey: partnerCalendarKeys.holidays(chefId) });
    },
  });
}
