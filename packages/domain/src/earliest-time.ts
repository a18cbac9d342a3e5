// "Too soon is never a dead end" (issue 20 §1; decision 072): when a restaurant's notice, hours,
// closures or pause refuse a chosen delivery time, say why in plain words and name the earliest
// time that works, found by the same rules the server applies (calendarScheduleProblems over
// openDeliveryTimes). Kept out of availability.ts: that file is in the storefront's shell chunk;
// this one is read by the API and by lazy chunks only.
import {
  calendarHoursCheck,
  localDateOf,
  orderLeadTime,
  leadTimeCheck,
  pausedUntilAt,
  formatLocalDateTime,
  formatLocalTime,
  windowsOn,
  parseTimeOfDay,
  zonedParts,
  calendarScheduleProblems,
  type ScheduleInput,
} from './availability.js';
import { openDeliveryTimes, weekdayLabel } from './calendar.js';

/** A store of an order with the name its reason is told with. */
export type NamedStore = ScheduleInput['stores'][number] & { name: string };

export interface RefusalInput extends Omit<ScheduleInput, 'stores'> {
  stores: NamedStore[];
  /** a new order (checkout, group order): the pause applies; an edit of a placed order: it does not */
  newOrder: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS_SHORT = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
} as const;

/** 'Thu, Dec 3 at 11:30 AM': a delivery time as the one-click button names it, in the restaurant's zone. */
export function shortDeliveryText(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${WEEKDAYS_SHORT[p.weekday]}, ${MONTHS[p.month - 1]} ${p.day} at ${formatLocalTime(at, timeZone)}`;
}

/** The button's words: 'Deliver Thu, Dec 3 at 11:30 AM instead'. */
export const earliestTimeLabel = (text: string) => `Deliver ${text} instead`;

/** Plain words for one rule refusing a time (our own wording; the documents' messages stay as they are). */
export const refusalWords = {
  notice: (who: string, hours: number) => `${who} needs ${hours} ${hours === 1 ? "hour's" : "hours'"} notice`,
  closedWeekday: (weekdayPlural: string) => `Closed on ${weekdayPlural}`,
  closedDate: (date: string, reason: string | null) => `Closed on ${date}${reason ? ` (${reason})` : ''}`,
  opensAt: (time: string) => `Opens at ${time}`,
  closedAt: (time: string, hours: string) => `Closed at ${time} (open ${hours})`,
  paused: (name: string, until: string) => `${name} is not taking new orders until ${until}`,
  full: (time: string) => `Full at ${time}`,
} as const;

/**
 * Why a delivery time is refused, in plain words, by the first rule that refuses it: the pause
 * (new orders only), each restaurant's closures and hours, then the notice (or a dish's longer
 * lead time). Null when the calendar and the notice take it.
 */
export function refusalWhy(input: RefusalInput): string | null {
  for (const store of input.stores) {
    const paused = input.newOrder ? pausedUntilAt(store.calendar, input.now) : null;
    if (paused) return refusalWords.paused(store.name, formatLocalDateTime(paused, store.timeZone));
  }
  for (const store of input.stores) {
    const hours = calendarHoursCheck(store.storeHours, input.delivery, store.timeZone, store.calendar?.closures);
    if (hours.ok) continue;
    const p = zonedParts(input.delivery, store.timeZone);
    const date = localDateOf(input.delivery, store.timeZone);
    if (hours.reason === 'closed') {
      const closure = store.calendar?.closures?.find((c) => c.starts_on <= date && date <= c.ends_on);
      // the team's reason stays private (decision 068); a statutory holiday is named
      const holiday = closure?.holiday?.replace(/^\d{4}-\d{2}-\d{2}\s+/, '') || null;
      if (closure) return refusalWords.closedDate(`${MONTHS[p.month - 1]} ${p.day}`, holiday);
      return refusalWords.closedWeekday(`${weekdayLabel(p.weekday)}s`);
    }
    const windows = windowsOn(store.storeHours, date, p.weekday, store.calendar?.closures) ?? [];
    const minute = p.hour * 60 + p.minute;
    const opens = windows.map((w) => parseTimeOfDay(w.open) ?? 0).sort((a, b) => a - b);
    const time = formatLocalTime(input.delivery, store.timeZone);
    if (opens.length && minute < opens[0]!) return refusalWords.opensAt(clock(opens[0]!));
    const spans = windows.map((w) => `${clock(parseTimeOfDay(w.open) ?? 0)} – ${clock(parseTimeOfDay(w.close) ?? 0)}`);
    return refusalWords.closedAt(time, spans.join(', '));
  }
  const needed = orderLeadTime(input.noticeHours, input.dishes);
  if (!leadTimeCheck(needed.hours, input.delivery, input.now).ok)
    return refusalWords.notice(needed.dish ?? input.stores[0]?.name ?? 'This restaurant', needed.hours);
  return null;
}

function clock(minutes: number): string {
  const m = minutes % 1440;
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The earliest delivery time, from the chosen one on, that the server takes for this order: in
 * the lead restaurant's windows, with every restaurant's hours and closures, the notice (dishes
 * included) and the horizon (calendarScheduleProblems). Looks from the chosen time (or now when
 * that is later), as the cards' and the restaurant page's next available time do, for
 * NEXT_AVAILABLE_DAYS days; `accept` adds a rule of the caller's (a group order's cut-off). Null while a restaurant is paused for a new order (no time helps: the
 * pause refuses every new order) or when nothing opens in that span.
 */
export function earliestDeliveryTime(input: RefusalInput, accept?: (at: Date) => boolean): Date | null {
  if (input.newOrder && input.stores.some((s) => pausedUntilAt(s.calendar, input.now))) return null;
  const lead = input.stores[0];
  if (!lead) return null;
  const from = input.delivery.getTime() > input.now.getTime() ? input.delivery : input.now;
  const needed = orderLeadTime(input.noticeHours, input.dishes);
  for (const at of openDeliveryTimes({
    storeHours: lead.storeHours,
    calendar: lead.calendar,
    timeZone: lead.timeZone,
    noticeHours: needed.hours,
    now: input.now,
    from,
  })) {
    if (!calendarScheduleProblems({ ...input, delivery: at }, false).length && (accept?.(at) ?? true)) return at;
  }
  return null;
}
