// Whether a restaurant can take an order for a delivery date and time: store hours, lead time
// (pre-order notice) and delivery radius. Pure rules with the current time passed in, used by
// the search API now and by the cart and checkout later (ordering-payments §5 'Opening hours',
// 'Lead time'; §8 lead-time message; browse-account-orders §2 store-hours modal).
//
// Times: a restaurant's hours are wall-clock 'HH:mm' in its IANA time zone. Wall times are
// turned into instants with Intl.DateTimeFormat (no date library): the zone's offset is read
// at a first guess and read again at the corrected instant, which settles across a DST change.
// A wall time that does not exist (the hour skipped in spring) maps to the instant after the
// gap; an ambiguous one (the hour repeated in autumn) to its first occurrence.
import { MAX_DAYS_AHEAD } from './dates.js';
import { messages } from './messages.js';

export type StoreWeekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
/** One delivery window of a day: 'HH:mm' to 'HH:mm' ('24:00' ends the day), open before close. */
export interface TimeWindow {
  open: string;
  close: string;
}
export interface DayHours {
  enabled: boolean;
  /** 'HH:mm', 24-hour, in the restaurant's time zone: the day's span (first window's open, last window's close) */
  open: string;
  close: string;
  /**
   * The day's delivery windows in order (decision 055). Absent in hours written before the
   * calendar: the day is then the one window open-close (which may run past midnight).
   */
  windows?: TimeWindow[];
}

/**
 * A closure or one-off change of a restaurant's hours (decision 055): the local dates
 * starts_on..ends_on (both included) are closed when windows is null, or open only in windows.
 */
export interface CalendarClosure {
  starts_on: string;
  ends_on: string;
  windows: TimeWindow[] | null;
  reason: string;
  /** the statutory holiday it was added from ('2026-12-25 Christmas Day'), if any */
  holiday?: string | null;
}

/** The days a closure covers and their windows: what decides the hours of a date. */
export type ClosureDays = Pick<CalendarClosure, 'starts_on' | 'ends_on' | 'windows'>;

/** What the calendar adds to the weekly hours: closures and the pause on new orders. */
export interface RestaurantCalendar {
  closures?: readonly CalendarClosure[] | null;
  /** new orders are refused while now is before this instant (whatever their delivery time) */
  paused_until?: string | Date | null;
  pause_reason?: string | null;
}
/** Per lowercase weekday; an empty object means "Store hours not available". */
export type StoreHoursMap = Partial<Record<StoreWeekday, DayHours>>;

export const DEFAULT_TIME_ZONE = 'America/Toronto';

const WEEKDAY_BY_SHORT: Record<string, StoreWeekday> = {
  Mon: 'monday',
  Tue: 'tuesday',
  Wed: 'wednesday',
  Thu: 'thursday',
  Fri: 'friday',
  Sat: 'saturday',
  Sun: 'sunday',
};

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: StoreWeekday;
}

// Building a DateTimeFormat is ~50x dearer than using one; a search page checks a dozen cards.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

// formatToParts is the dearest step of a listing (every card checks the same delivery instant
// and "now" in a handful of zones): recent answers are kept, keyed by zone and instant.
const RECENT_PARTS_MAX = 512;
const recentParts = new Map<string, Readonly<ZonedParts>>();

/** The wall-clock fields of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): Readonly<ZonedParts> {
  const key = `${timeZone}|${instant.getTime()}`;
  const known = recentParts.get(key);
  if (known) return known;
  const parts = Object.freeze(formatParts(instant, timeZone));
  if (recentParts.size >= RECENT_PARTS_MAX) recentParts.clear();
  recentParts.set(key, parts);
  return parts;
}

function formatParts(instant: Date, timeZone: string): ZonedParts {
  const out: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) out[part.type] = part.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    // some engines print midnight as 24 even with h23
    hour: Number(out.hour) % 24,
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: WEEKDAY_BY_SHORT[out.weekday as string] as StoreWeekday,
  };
}

/** Offset of the zone from UTC at an instant, in minutes (Toronto in winter: -300). */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/** The instant a wall-clock time in a zone stands for (see the file comment for DST gaps and overlaps). */
export function zonedWallTimeToInstant(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // zones change offset at most once within two days: the offsets a day either side are the
  // only candidates
  const before = timeZoneOffsetMinutes(new Date(asUtc - 86_400_000), timeZone);
  const after = timeZoneOffsetMinutes(new Date(asUtc + 86_400_000), timeZone);
  const shows = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return (
      p.year === wall.year &&
      p.month === wall.month &&
      p.day === wall.day &&
      p.hour === wall.hour &&
      p.minute === wall.minute
    );
  };
  const candidates = [...new Set([asUtc - before * 60_000, asUtc - after * 60_000])].filter(shows);
  // overlap: the first occurrence; gap (none shows it): the earlier offset lands after the gap
  return new Date(candidates.length ? Math.min(...candidates) : asUtc - before * 60_000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const pad4 = (n: number) => String(n).padStart(4, '0');

/** The calendar date ('yyyy-MM-dd') an instant falls on in a zone: the local date of a delivery. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * An instant as the wall clock of a zone shows it, e.g. 'Mar 9, 2026, 11:30 PM' (the spend
 * report's Delivery Date). Built from zonedParts, the same reading of the zone's rules that
 * files the order on a local date (localDateOf, localDateRangeInstants), so the text and the
 * date filter cannot disagree; the server formats it, so a browser with older time zone data
 * cannot shift it either (British Columbia's 2026 change, decision 025).
 */
export function formatLocalDateTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${MONTHS_SHORT[p.month - 1]} ${p.day}, ${p.year}, ${clockTime(p)}`;
}

/** The time of day of an instant as the wall clock of a zone shows it, e.g. '3:00 PM' (formatLocalDateTime's time). */
export function formatLocalTime(instant: Date, timeZone: string): string {
  return clockTime(zonedParts(instant, timeZone));
}

function clockTime(p: Readonly<ZonedParts>): string {
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${h12}:${pad2(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date moved by whole days ('2026-12-31' + 1 = '2027-01-01'); null when it does not parse. */
export function addCalendarDays(date: string, days: number): string | null {
  const d = parseCalendarDate(date);
  if (!d) return null;
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return `${pad4(t.getUTCFullYear())}-${pad2(t.getUTCMonth() + 1)}-${pad2(t.getUTCDate())}`;
}

/** The instant a local calendar day starts in a zone (its first existing minute: a DST gap at midnight moves it). */
export function localDayStart(date: string, timeZone: string): Date | null {
  const d = parseCalendarDate(date);
  return d ? zonedWallTimeToInstant({ ...d, hour: 0, minute: 0 }, timeZone) : null;
}

/**
 * The instants [start, end) of the local dates from..to (both included) in a zone: what a filter
 * 'delivery date between from and to, in the order's zone' compares delivery instants with.
 * A missing end of the range is open (null). Null when a given date does not parse.
 */
export function localDateRangeInstants(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { start: Date | null; end: Date | null } | null {
  const start = from === undefined ? null : localDayStart(from, timeZone);
  const dayAfter = to === undefined ? undefined : addCalendarDays(to, 1);
  const end = dayAfter === undefined ? null : dayAfter === null ? null : localDayStart(dayAfter, timeZone);
  if ((from !== undefined && !start) || (to !== undefined && !end)) return null;
  return { start, end };
}

const TIME_12H = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?$/;
const TIME_24H = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes since midnight of 'hh:mm AM' (any case, padded or not) or 'HH:mm'; null when invalid. '24:00' is 1440. */
export function parseTimeOfDay(value: string): number | null {
  const text = value.trim();
  const m12 = TIME_12H.exec(text);
  if (m12) {
    const hour = Number(m12[1]);
    const minute = Number(m12[2]);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return ((hour % 12) + (m12[3]!.toUpperCase() === 'P' ? 12 : 0)) * 60 + minute;
  }
  const m24 = TIME_24H.exec(text);
  if (m24) {
    const hour = Number(m24[1]);
    const minute = Number(m24[2]);
    if (hour === 24 && minute === 0) return 1440;
    if (hour > 23 || minute > 59) return null;
    return hour * 60 + minute;
  }
  return null;
}

/** Parses 'yyyy-MM-dd' to its fields; null for anything else or an impossible day (2026-02-30). */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The dates the API takes at all (query filters, order dates): real calendar days of this century. */
export const EARLIEST_CALENDAR_DATE = '2000-01-01';
export const LATEST_CALENDAR_DATE = '2099-12-31';

/** A real 'yyyy-MM-dd' day between EARLIEST_CALENDAR_DATE and LATEST_CALENDAR_DATE (year 0, 2026-02-30 and 9999 are not). */
export function isSaneCalendarDate(value: string): boolean {
  const text = value.trim();
  return parseCalendarDate(text) !== null && text >= EARLIEST_CALENDAR_DATE && text <= LATEST_CALENDAR_DATE;
}

/**
 * Whether a minute of the day (as parseTimeOfDay gives it) can be a delivery time: any real
 * minute except midnight. '00:00' / '12:00 AM' next to a date reads both as the start of that
 * date and as the midnight closing it (the old last time slot, issue 17 part 5), and '24:00'
 * ends a day but starts no delivery; no client offers either, so both are refused rather
 * than guessed.
 */
export function isDeliveryMinute(minutes: number | null): minutes is number {
  return minutes !== null && minutes > 0 && minutes < 1440;
}

/**
 * The instant of a delivery given as the spec's strings ('yyyy-MM-dd' and 'hh:mm AM' or
 * 'HH:mm', ordering-payments §3, §9) in the restaurant's time zone; null when either is
 * invalid, or the time is midnight (isDeliveryMinute).
 */
export function deliveryInstant(date: string, time: string, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  const d = parseCalendarDate(date);
  const minutes = parseTimeOfDay(time);
  if (!d || !isDeliveryMinute(minutes)) return null;
  return zonedWallTimeToInstant({ ...d, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone);
}

/**
 * Why a delivery date and time do not make an instant: 'Please select valid date.' for the
 * date, 'Please select valid time.' for the time ('25:99', or midnight: '00:00', '12:00 AM',
 * '24:00'); both when both are wrong. Empty when deliveryInstant accepts them.
 */
export function deliveryWhenProblems(date: string, time: string): string[] {
  const problems: string[] = [];
  if (!parseCalendarDate(date)) problems.push(messages.invalidDate);
  if (!isDeliveryTime(time)) problems.push(messages.invalidTime);
  return problems;
}

/** A time of day a delivery can start at: 'hh:mm AM' or 'HH:mm', after midnight and before the next one. */
export function isDeliveryTime(value: string): boolean {
  return isDeliveryMinute(parseTimeOfDay(value));
}

/**
 * Store-hours times as the spec's clients show times: 12-hour 'hh:mm AM' with a zero-padded
 * hour, the same spelling as the delivery time picker ('07:00 AM', '10:30 PM'; midnight
 * '12:00 AM'). Returns the input when it is not an 'HH:mm' time.
 */
export function formatStoreTime(hhmm: string): string {
  const minutes = parseTimeOfDay(hhmm);
  if (minutes === null) return hhmm;
  const inDay = minutes % 1440;
  const h24 = Math.floor(inDay / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${pad2(h12)}:${pad2(inDay % 60)} ${h24 < 12 ? 'AM' : 'PM'}`;
}

export type StoreHoursResult =
  | { ok: true }
  | { ok: false; reason: 'closed'; message: string }
  | { ok: false; reason: 'outside_hours'; message: string };

export function hasHours(storeHours: StoreHoursMap | null | undefined): storeHours is StoreHoursMap {
  return !!storeHours && Object.keys(storeHours).length > 0;
}

/** A day's windows: its own list, or the one window open-close of hours written before the calendar. */
export function windowsOfDay(day: DayHours): TimeWindow[] {
  return day.windows && day.windows.length ? day.windows : [{ open: day.open, close: day.close }];
}

/** Whether minute-of-day t falls in [open, close]; a close at or before open runs past midnight. */
export function withinWindow(window: TimeWindow, t: number): boolean {
  const open = parseTimeOfDay(window.open);
  const close = parseTimeOfDay(window.close);
  if (open === null || close === null) return false;
  return close > open ? t >= open && t <= close : t >= open || t <= close;
}

/**
 * The windows a restaurant delivers in on a local date ('yyyy-MM-dd', falling on weekday): the
 * windows of a closure or one-off change covering the date (none when closed), else the
 * weekday's. Null when it delivers at any time (no hours at all, 'Store hours not available').
 */
export function windowsOn(
  storeHours: StoreHoursMap | null | undefined,
  date: string,
  weekday: StoreWeekday,
  closures?: readonly ClosureDays[] | null,
): TimeWindow[] | null {
  const closure = closures?.find((c) => c.starts_on <= date && date <= c.ends_on);
  if (closure) return closure.windows ?? [];
  if (!hasHours(storeHours)) return null;
  const day = storeHours[weekday];
  return day?.enabled ? windowsOfDay(day) : [];
}

/**
 * The 'accepts orders between' message for a day's windows: the spec's text exactly for one
 * window, and '( 07:00 AM - 10:30 AM, 11:00 AM - 02:00 PM )' in the same form for several.
 */
export function outsideWindowsMessage(windows: readonly TimeWindow[]): string {
  const spans = windows.map((w) => `${formatStoreTime(w.open)} - ${formatStoreTime(w.close)}`).join(', ');
  const cut = spans.lastIndexOf(' - ');
  return messages.outsideStoreHours(spans.slice(0, cut), spans.slice(cut + 3));
}

/**
 * The browser's opening-hours check (ordering-payments §5): the weekday's span open-close
 * (both ends included; a close at or before open runs past midnight). The span holds every
 * window of the day, so this never refuses what calendarHoursCheck accepts; the server applies
 * the windows, closures and the pause, and the storefront shows its answer (decision 055: the
 * public pages' JavaScript has no room for the calendar).
 */
export function storeHoursCheck(
  storeHours: StoreHoursMap | null | undefined,
  delivery: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): StoreHoursResult {
  if (!hasHours(storeHours)) return { ok: true };
  const p = zonedParts(delivery, timeZone);
  const day = storeHours[p.weekday];
  if (!day || !day.enabled) return { ok: false, reason: 'closed', message: messages.storeClosedOnDay };
  if (!withinWindow(day, p.hour * 60 + p.minute)) {
    return {
      ok: false,
      reason: 'outside_hours',
      message: messages.outsideStoreHours(formatStoreTime(day.open), formatStoreTime(day.close)),
    };
  }
  return { ok: true };
}

/**
 * The spec's opening-hours rule (ordering-payments §5) with the calendar (decision 055): a
 * closure of the delivery's local date, or a disabled or missing day, is 'Store is closed on this
 * day!'; a time outside that day's windows (both ends of a window included: an order for the
 * closing minute is accepted) is the 'accepts orders between' message. A one-off change replaces
 * the weekday's windows for its dates. A restaurant without store hours ('Store hours not
 * available') restricts nothing but its closures.
 */
export function calendarHoursCheck(
  storeHours: StoreHoursMap | null | undefined,
  delivery: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  closures?: readonly CalendarClosure[] | null,
): StoreHoursResult {
  if (!hasHours(storeHours) && !closures?.length) return { ok: true };
  const p = zonedParts(delivery, timeZone);
  const windows = windowsOn(storeHours, localDateOf(delivery, timeZone), p.weekday, closures);
  if (windows === null) return { ok: true };
  if (!windows.length) return { ok: false, reason: 'closed', message: messages.storeClosedOnDay };
  if (!windows.some((w) => withinWindow(w, p.hour * 60 + p.minute))) {
    return { ok: false, reason: 'outside_hours', message: outsideWindowsMessage(windows) };
  }
  return { ok: true };
}

/** Our own wording (decision 055): the pause on new orders. */
export const pauseMessages = {
  pausedUntil: (until: string, reason: string | null) =>
    `This restaurant is not taking new orders until ${until}${reason ? ` (${reason})` : ''}. Please try again then or choose another restaurant.`,
} as const;

export type PauseResult = { ok: true } | { ok: false; reason: 'paused'; message: string };

/** The instant a pause ends, or null when there is none. */
function pauseEnd(calendar: RestaurantCalendar | null | undefined): Date | null {
  const until = calendar?.paused_until;
  if (!until) return null;
  const at = until instanceof Date ? until : new Date(until);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The pause (decision 055): while now is before paused_until the restaurant takes no new order,
 * whatever its delivery time; an order placed after the pause is judged by the other rules only.
 */
export function pauseCheck(
  calendar: RestaurantCalendar | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): PauseResult {
  const end = pauseEnd(calendar);
  if (!end || end.getTime() <= now.getTime()) return { ok: true };
  return {
    ok: false,
    reason: 'paused',
    message: pauseMessages.pausedUntil(formatLocalDateTime(end, timeZone), calendar?.pause_reason ?? null),
  };
}

/** The pause's end when it is still on at now, else null. */
export function pausedUntilAt(calendar: RestaurantCalendar | null | undefined, now: Date): Date | null {
  const end = pauseEnd(calendar);
  return end && end.getTime() > now.getTime() ? end : null;
}

export type LeadTimeResult = { ok: true } | { ok: false; reason: 'notice'; message: string };

/**
 * Lead time (ordering-payments §5, §8): the delivery must be at least noticeHours after now.
 * `dish`: the dish whose own lead time this is (decision 052), named in the message.
 */
export function leadTimeCheck(
  noticeHours: number,
  delivery: Date,
  now: Date,
  dish: string | null = null,
): LeadTimeResult {
  if (delivery.getTime() - now.getTime() >= noticeHours * 3_600_000) return { ok: true };
  return { ok: false, reason: 'notice', message: messages.leadTimeNotMet(noticeHours, dish ?? undefined) };
}

/** A dish of a cart with its own lead time (menus.lead_time_hours; null: its restaurant's notice). */
export interface DishLeadTime {
  name: string;
  leadTimeHours: number | null;
}

/**
 * The notice an order needs (decision 052): its restaurants' notice, or the longest lead time of
 * its dishes when that is longer, with the dish that asks it. The one rule the storefront,
 * checkout, edits, add-ons and group orders share (through deliveryScheduleProblems).
 */
export function orderLeadTime(
  noticeHours: number,
  dishes: readonly DishLeadTime[] = [],
): { hours: number; dish: string | null } {
  let lead: { hours: number; dish: string | null } = { hours: noticeHours, dish: null };
  for (const d of dishes) if ((d.leadTimeHours ?? 0) > lead.hours) lead = { hours: d.leadTimeHours!, dish: d.name };
  return lead;
}

/**
 * When an order is processed (edits lock, payment captured): its notice before the delivery, in
 * real hours (a DST change between them does not move it by an hour of wall clock).
 */
export function processingInstant(delivery: Date, noticeHours: number): Date {
  return new Date(delivery.getTime() - noticeHours * 3_600_000);
}

/** The last delivery date ('yyyy-MM-dd') that may be ordered: today in the zone plus MAX_DAYS_AHEAD. */
export function lastOrderableDate(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return addCalendarDays(localDateOf(now, timeZone), MAX_DAYS_AHEAD)!;
}

export type HorizonResult = { ok: true } | { ok: false; reason: 'too_far'; message: string };

/** The horizon rule: the delivery's local date is at most MAX_DAYS_AHEAD days after today (both in the zone). */
export function orderHorizonCheck(delivery: Date, now: Date, timeZone: string = DEFAULT_TIME_ZONE): HorizonResult {
  const last = lastOrderableDate(now, timeZone);
  if (localDateOf(delivery, timeZone) <= last) return { ok: true };
  return { ok: false, reason: 'too_far', message: messages.tooFarAhead(MAX_DAYS_AHEAD, last) };
}

export interface ScheduleInput {
  delivery: Date;
  /** the order's zone (its lead restaurant's): the horizon is counted in its calendar */
  timeZone: string;
  /** every restaurant of the order: its store hours and calendar in its own zone */
  stores: { storeHours: StoreHoursMap | null | undefined; timeZone: string; calendar?: RestaurantCalendar | null }[];
  noticeHours: number;
  /** the cart's dishes: one with a longer lead time of its own than noticeHours sets the notice */
  dishes?: readonly DishLeadTime[];
  now: Date;
}

/**
 * Every rule on when an order may be delivered, as messages (empty when fine): each
 * restaurant's store hours (the span of its day: the browser's check, storeHoursCheck), the
 * lead time, and the horizon. The cart asks this before checkout; the server asks
 * calendarScheduleProblems, the same rules with the calendar.
 */
export function deliveryScheduleProblems(input: ScheduleInput): string[] {
  const problems: string[] = [];
  for (const store of input.stores) {
    const hours = storeHoursCheck(store.storeHours, input.delivery, store.timeZone);
    if (!hours.ok) problems.push(hours.message);
  }
  const needed = orderLeadTime(input.noticeHours, input.dishes);
  const lead = leadTimeCheck(needed.hours, input.delivery, input.now, needed.dish);
  if (!lead.ok) problems.push(lead.message);
  const horizon = orderHorizonCheck(input.delivery, input.now, input.timeZone);
  if (!horizon.ok) problems.push(horizon.message);
  return [...new Set(problems)];
}

/**
 * The server's rule on when an order may be delivered (decision 055): each restaurant's
 * windows and closures (calendarHoursCheck), the lead time and the horizon, and for a new order
 * first the pause of any of its restaurants (no new order is taken while one is paused, whatever
 * the delivery time). Catering checkout, add-ons and group orders ask it with newOrder true; an
 * edit of a placed order with newOrder false (windows and closures, no pause).
 */
export function calendarScheduleProblems(input: ScheduleInput, newOrder: boolean): string[] {
  const problems: string[] = [];
  for (const store of input.stores) {
    const pause = pauseCheck(store.calendar, input.now, store.timeZone);
    if (newOrder && !pause.ok) problems.unshift(pause.message);
    const hours = calendarHoursCheck(store.storeHours, input.delivery, store.timeZone, store.calendar?.closures);
    if (!hours.ok) problems.push(hours.message);
  }
  // the lead time and the horizon: deliveryScheduleProblems without its span check
  problems.push(...deliveryScheduleProblems({ ...input, stores: [] }));
  return [...new Set(problems)];
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const KM_PER_MILE = 1.609344;

export type UnavailableReason = 'closed' | 'outside_hours' | 'notice' | 'distance' | 'paused' | 'full';

export interface AvailabilityInput {
  storeHours: StoreHoursMap | null | undefined;
  /** closures and the pause (decision 055) */
  calendar?: RestaurantCalendar | null;
  timeZone: string;
  noticeHours: number;
  radiusKm: number;
  /** from the delivery address; null when the address is unknown (no distance rule then) */
  distanceKm: number | null;
  /** null when no delivery date and time were chosen (no time rules then) */
  deliveryInstant: Date | null;
  now: Date;
}

/**
 * Availability of a restaurant for the chosen delivery (the card's availableForOrdering).
 * The first failing rule is the reason, in this order: distance (the address is out of the
 * delivery radius: no date fixes it), paused (no order is taken now, whatever the date), closed
 * on that day (weekly hours or a closure), outside that day's windows, then short of notice (a
 * later date fixes it, as the spec's empty-result advice says).
 */
export function availableForOrdering(input: AvailabilityInput): {
  available: boolean;
  reason: UnavailableReason | null;
} {
  if (input.distanceKm !== null && input.distanceKm > input.radiusKm) return { available: false, reason: 'distance' };
  if (!pauseCheck(input.calendar, input.now, input.timeZone).ok) return { available: false, reason: 'paused' };
  if (input.deliveryInstant) {
    const hours = calendarHoursCheck(input.storeHours, input.deliveryInstant, input.timeZone, input.calendar?.closures);
    if (!hours.ok) return { available: false, reason: hours.reason };
    if (!leadTimeCheck(input.noticeHours, input.deliveryInstant, input.now).ok)
      return { available: false, reason: 'notice' };
  }
  return { available: true, reason: null };
}
