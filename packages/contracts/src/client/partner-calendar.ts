import type {
  PartnerCalendar,
  PartnerClosureBody,
  PartnerHolidaysResponse,
  PartnerOrderingRules,
  PartnerPauseBody,
  PartnerWeeklyHours,
} from '../partner-calendar.js';
import { partnerKeys } from './partner.js';
import type { CallOptions, Transport } from './transport.js';

// A restaurant's calendar in the portal (issue 19 part 2; decision 055). Every write answers the
// whole calendar as it now stands.

const calendarPath = (chefId: number) => `/api/v2/partner/restaurants/${chefId}/calendar`;
type Answer = { calendar: PartnerCalendar };
const unwrap = (r: Answer) => r.calendar;

export const partnerCalendarKeys = {
  calendar: (chefId: number) => [...partnerKeys.restaurant(chefId), 'calendar'] as const,
  holidays: (chefId: number) => [...partnerKeys.restaurant(chefId), 'calendar', 'holidays'] as const,
};

export function partnerCalendarClient(send: Transport) {
  return {
    /** GET .../calendar */
    calendar: (chefId: number, o?: CallOptions) => send<Answer>('GET', calendarPath(chefId), o).then(unwrap),
    /** PUT .../calendar/hours (managers, owners, operations) */
    saveHours: (chefId: number, body: PartnerWeeklyHours, o?: CallOptions) =>
      send<Answer>('PUT', `${calendarPath(chefId)}/hours`, { ...o, body }).then(unwrap),
    /** POST .../calendar/closures */
    addClosure: (chefId: number, body: PartnerClosureBody, o?: CallOptions) =>
      send<Answer>('POST', `${calendarPath(chefId)}/closures`, { ...o, body }).then(unwrap),
    /** DELETE .../calendar/closures/{closureId} */
    removeClosure: (chefId: number, closureId: number, o?: CallOptions) =>
      send<Answer>('DELETE', `${calendarPath(chefId)}/closures/${closureId}`, o).then(unwrap),
    /** GET .../calendar/holidays: the next 12 months' statutory holidays */
    holidays: (chefId: number, o?: CallOptions) =>
      send<PartnerHolidaysResponse>('GET', `${calendarPath(chefId)}/holidays`, o),
    /** PUT .../calendar/pause */
    pause: (chefId: number, body: PartnerPauseBody, o?: CallOptions) =>
      send<Answer>('PUT', `${calendarPath(chefId)}/pause`, { ...o, body }).then(unwrap),
    /** DELETE .../calendar/pause */
    resume: (chefId: number, o?: CallOptions) =>
      send<Answer>('DELETE', `${calendarPath(chefId)}/pause`, o).then(unwrap),
    /** PUT .../calendar/ordering: lead time and minimum order */
    saveOrdering: (chefId: number, body: PartnerOrderingRules, o?: CallOptions) =>
      send<Answer>('PUT', `${calendarPath(chefId)}/ordering`, { ...o, body }).then(unwrap),
  };
}
