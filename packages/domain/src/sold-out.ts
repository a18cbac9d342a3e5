import { addCalendarDays, formatLocalDateTime, formatLocalTime, localDateOf, localDayStart } from './availability.js';

// "86 an item" (issue 19 part 3; decision 053): a restaurant marks a dish or one of its options
// unavailable until the end of its local day, for a number of hours, or until it turns it back on.
// Stored as the instant it comes back (menus/menu_items.unavailable_until: null when available,
// 'infinity' until turned back on); whether it is sold out is always that instant compared with
// now, so an 86 that runs out needs nobody to undo it.

export const SOLD_OUT_MAX_HOURS = 72;

/** How long an 86 lasts, as the portal offers it. */
export type SoldOutFor =
  | { kind: 'end_of_day' }
  | { kind: 'hours'; hours: number }
  /** until the restaurant turns it back on */
  | { kind: 'indefinitely' };

/** The instant an 86 made at `now` ends; null: never by itself (stored as 'infinity'). */
export function soldOutUntil(choice: SoldOutFor, now: Date, timeZone: string): Date | null {
  if (choice.kind === 'indefinitely') return null;
  if (choice.kind === 'hours') {
    if (!Number.isInteger(choice.hours) || choice.hours < 1 || choice.hours > SOLD_OUT_MAX_HOURS)
      throw new RangeError(`An 86 lasts 1 to ${SOLD_OUT_MAX_HOURS} hours.`);
    return new Date(now.getTime() + choice.hours * 3_600_000);
  }
  // the next local midnight: the first minute of tomorrow in the restaurant's zone
  const tomorrow = addCalendarDays(localDateOf(now, timeZone), 1)!;
  return localDayStart(tomorrow, timeZone)!;
}

/**
 * Whether an unavailable_until makes the dish or option sold out at `now`. Read as text: an ISO
 * instant, 'infinity' (until turned back on), or null (available).
 */
export function isSoldOut(until: string | null | undefined, now: Date): boolean {
  if (until === null || until === undefined) return false;
  if (until === 'infinity') return true;
  const t = Date.parse(until);
  return Number.isNaN(t) || t > now.getTime();
}

/** When an 86 ends, for people: "until end of day", "until Nov 28, 2026, 3:00 PM", "until turned back on". */
export function soldOutUntilText(until: string, now: Date, timeZone: string): string {
  if (until === 'infinity') return 'until turned back on';
  const at = new Date(until);
  const endOfToday = soldOutUntil({ kind: 'end_of_day' }, now, timeZone);
  if (endOfToday && at.getTime() === endOfToday.getTime()) return 'until end of day';
  return `until ${formatLocalDateTime(at, timeZone)}`;
}

/**
 * The checkout's refusal of a sold-out dish or option (decision 053), e.g. "Butter Chicken Tray is
 * sold out today. Remove it to continue." An option names its dish: "Raita (Butter Chicken Tray)".
 * "today" when it comes back before the restaurant's next local day starts.
 */
export function soldOutMessage(name: string, until: string, now: Date, timeZone: string, dishName?: string): string {
  const what = dishName ? `${name} (${dishName})` : name;
  const when = backToday(until, now, timeZone) ? ' today' : '';
  return `${what} is sold out${when}. Remove it to continue.`;
}

/** It comes back before the restaurant's next local day starts: sold out "today". */
function backToday(until: string, now: Date, timeZone: string): boolean {
  const at = until === 'infinity' ? Number.POSITIVE_INFINITY : new Date(until).getTime();
  return at <= soldOutUntil({ kind: 'end_of_day' }, now, timeZone)!.getTime();
}

/**
 * Why a dish or option cannot be chosen now, for a list that shows it greyed out (the group-order
 * members' page; decision 053); null while it is available. "Sold out today" for an 86 until the
 * end of the restaurant's day, "Sold out until 3:00 PM" when it comes back earlier today, "Sold
 * out until Nov 29, 2026, 4:00 AM" on a later day, "Sold out" until the restaurant turns it back on.
 * The same isSoldOut and "today" as soldOutMessage, the refusal of choosing it.
 */
export function soldOutLabel(until: string | null | undefined, now: Date, timeZone: string): string | null {
  if (!isSoldOut(until, now)) return null;
  const at = new Date(until!);
  if (until === 'infinity' || Number.isNaN(at.getTime())) return 'Sold out';
  const endOfToday = soldOutUntil({ kind: 'end_of_day' }, now, timeZone)!;
  if (at.getTime() === endOfToday.getTime()) return 'Sold out today';
  if (backToday(until!, now, timeZone)) return `Sold out until ${formatLocalTime(at, timeZone)}`;
  return `Sold out until ${formatLocalDateTime(at, timeZone)}`;
}
