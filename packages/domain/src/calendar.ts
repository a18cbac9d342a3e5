// A restaurant's calendar (issue 19 part 2; decision 055): weekly hours with several delivery
// windows a day, closures and one-off changes of dates or ranges, and a pause on new orders.
// availability.ts applies them to an order (storeHoursCheck, pauseCheck); this file holds what
// the portal and the API validate, and the search for the next time a restaurant can deliver.
import {
  addCalendarDays,
  leadTimeCheck,
  localDateOf,
  parseCalendarDate,
  parseTimeOfDay,
  pausedUntilAt,
  windowsOn,
  zonedParts,
  zonedWallTimeToInstant,
  type CalendarClosure,
  type DayHours,
  type RestaurantCalendar,
  type StoreHoursMap,
  type StoreWeekday,
  type TimeWindow,
} from './availability.js';

export const WEEKDAYS: readonly StoreWeekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** Windows start and end on quarter hours. */
export const CALENDAR_STEP_MINUTES = 15;
export const MAX_WINDOWS_PER_DAY = 6;
/** closures still to come (ending today or later) a restaurant may hold */
export const MAX_CLOSURES = 100;
/** the longest closure, in days */
export const MAX_CLOSURE_DAYS = 366;
export const MAX_REASON_LENGTH = 80;
/** how far ahead a pause may run */
export const MAX_PAUSE_DAYS = 30;
/** how far ahead the storefront looks for the next time a restaurant can deliver */
export const NEXT_AVAILABLE_DAYS = 14;

export const calendarMessages = {
  badTime: (label: string) => `${label}: enter a time as HH:mm between 00:00 and 24:00.`,
  notOnStep: (label: string) => `${label}: times go in steps of ${CALENDAR_STEP_MINUTES} minutes (e.g. 11:00, 11:15).`,
  closeBeforeOpen: (label: string) => `${label}: the window must end after it starts.`,
  overlap: (label: string) => `${label}: windows must not overlap.`,
  tooManyWindows: (label: string) => `${label}: at most ${MAX_WINDOWS_PER_DAY} windows a day.`,
  openDayNeedsWindow: (label: string) => `${label}: an open day needs at least one window.`,
  badDate: 'Please select valid date.',
  endBeforeStart: 'The last day must be on or after the first day.',
  inThePast: 'A closure cannot end in the past.',
  tooLong: `A closure can last at most ${MAX_CLOSURE_DAYS} days.`,
  reasonRequired: 'Please give a reason (e.g. Thanksgiving, Private event).',
  reasonTooLong: `The reason can be at most ${MAX_REASON_LENGTH} characters.`,
  tooManyClosures: `At most ${MAX_CLOSURES} closures can be planned. Remove past or unneeded ones first.`,
  overlapsClosure: (from: string, to: string, reason: string) =>
    `These dates overlap another closure (${from === to ? from : `${from} to ${to}`}: ${reason}). Remove it first.`,
  pauseInPast: 'The pause must end in the future.',
  pauseTooLong: `A pause can last at most ${MAX_PAUSE_DAYS} days. For longer, add a closure.`,
  nextAvailable: (when: string) => `Next available: ${when}.`,
} as const;

const pad2 = (n: number) => String(n).padStart(2, '0');
/** Minutes after midnight as 'HH:mm' (1440 is '24:00'). */
export function hhmmOf(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

const HHMM = /^\d{2}:\d{2}$/;

/** Problems of one day's windows (label names the day in the messages): format, steps, order, overlaps. */
export function windowProblems(windows: readonly TimeWindow[], label: string): string[] {
  const problems: string[] = [];
  if (windows.length > MAX_WINDOWS_PER_DAY) problems.push(calendarMessages.tooManyWindows(label));
  const spans: [number, number][] = [];
  for (const w of windows) {
    const open = HHMM.test(w.open) ? parseTimeOfDay(w.open) : null;
    const close = HHMM.test(w.close) ? parseTimeOfDay(w.close) : null;
    if (open === null || close === null || open === 1440) {
      problems.push(calendarMessages.badTime(label));
      continue;
    }
    if (open % CALENDAR_STEP_MINUTES || close % CALENDAR_STEP_MINUTES) problems.push(calendarMessages.notOnStep(label));
    if (close <= open) problems.push(calendarMessages.closeBeforeOpen(label));
    else spans.push([open, close]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]![0] < spans[i - 1]![1]) {
      problems.push(calendarMessages.overlap(label));
      break;
    }
  }
  return [...new Set(problems)];
}

export interface WeeklyDay {
  enabled: boolean;
  windows: TimeWindow[];
}
export type WeeklyHours = Record<StoreWeekday, WeeklyDay>;

const DAY_LABEL: Record<StoreWeekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
export const weekdayLabel = (day: StoreWeekday) => DAY_LABEL[day];

/** Problems of a whole week, each naming its day. */
export function weeklyHoursProblems(week: WeeklyHours): string[] {
  const problems: string[] = [];
  for (const day of WEEKDAYS) {
    const d = week[day];
    const label = DAY_LABEL[day];
    if (d.enabled && !d.windows.length) problems.push(calendarMessages.openDayNeedsWindow(label));
    problems.push(...windowProblems(d.windows, label));
  }
  return problems;
}

const byOpen = (a: TimeWindow, b: TimeWindow) => (parseTimeOfDay(a.open) ?? 0) - (parseTimeOfDay(b.open) ?? 0);

/**
 * The week as stored in chefs.store_hours: each day keeps open/close as its span (first window's
 * open, last window's close), so readers that know one window a day keep working, and windows.
 * A closed day keeps the span it had (or 09:00-17:00) for when it opens again.
 */
export function toStoreHours(week: WeeklyHours, previous?: StoreHoursMap | null): StoreHoursMap {
  const out: StoreHoursMap = {};
  for (const day of WEEKDAYS) {
    const d = week[day];
    const windows = [...d.windows].sort(byOpen).map((w) => ({ open: w.open, close: w.close }));
    const before = previous?.[day];
    const first = windows[0];
    const last = windows[windows.length - 1];
    out[day] = {
      enabled: d.enabled && windows.length > 0,
      open: first?.open ?? before?.open ?? '09:00',
      close: last?.close ?? before?.close ?? '17:00',
      windows,
    };
  }
  return out;
}

/** chefs.store_hours read as a week of windows (hours written before the calendar: one window a day). */
export function fromStoreHours(hours: StoreHoursMap | null | undefined): WeeklyHours {
  const out = {} as WeeklyHours;
  for (const day of WEEKDAYS) {
    const d: DayHours | undefined = hours?.[day];
    if (!d) out[day] = { enabled: false, windows: [] };
    else
      out[day] = {
        enabled: d.enabled,
        windows: d.windows ? d.windows.map((w) => ({ ...w })) : [{ open: d.open, close: d.close }],
      };
  }
  return out;
}

export interface ClosureInput {
  starts_on: string;
  ends_on: string;
  windows: TimeWindow[] | null;
  reason: string;
}

/**
 * Problems of a new closure against today (the restaurant's local date) and the restaurant's
 * closures still to come: dates, order, length, reason, windows, overlap and the cap.
 */
export function closureProblems(
  input: ClosureInput,
  context: { today: string; existing: readonly CalendarClosure[] },
): string[] {
  const problems: string[] = [];
  const start = parseCalendarDate(input.starts_on);
  const end = parseCalendarDate(input.ends_on);
  if (!start || !end) problems.push(calendarMessages.badDate);
  else {
    if (input.ends_on < input.starts_on) problems.push(calendarMessages.endBeforeStart);
    else if (addCalendarDays(input.starts_on, MAX_CLOSURE_DAYS - 1)! < input.ends_on)
      problems.push(calendarMessages.tooLong);
    if (input.ends_on < context.today) problems.push(calendarMessages.inThePast);
  }
  const reason = input.reason.trim();
  if (!reason) problems.push(calendarMessages.reasonRequired);
  if (reason.length > MAX_REASON_LENGTH) problems.push(calendarMessages.reasonTooLong);
  if (input.windows) problems.push(...windowProblems(input.windows, 'Hours that day'));
  if (problems.length) return problems;
  const upcoming = context.existing.filter((c) => c.ends_on >= context.today);
  if (upcoming.length >= MAX_CLOSURES) problems.push(calendarMessages.tooManyClosures);
  const clash = context.existing.find((c) => c.starts_on <= input.ends_on && input.starts_on <= c.ends_on);
  if (clash) problems.push(calendarMessages.overlapsClosure(clash.starts_on, clash.ends_on, clash.reason));
  return problems;
}

/** Problems of a pause ending at `until`, asked at now. */
export function pauseProblems(until: Date, now: Date): string[] {
  if (Number.isNaN(until.getTime()) || until.getTime() <= now.getTime()) return [calendarMessages.pauseInPast];
  if (until.getTime() - now.getTime() > MAX_PAUSE_DAYS * 86_400_000) return [calendarMessages.pauseTooLong];
  return [];
}

/** "Pause for the rest of today": the end of the restaurant's local day (its next midnight). */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  const tomorrow = parseCalendarDate(addCalendarDays(localDateOf(now, timeZone), 1)!)!;
  return zonedWallTimeToInstant({ ...tomorrow, hour: 0, minute: 0 }, timeZone);
}

export interface OpenTimesInput {
  storeHours: StoreHoursMap | null | undefined;
  calendar?: RestaurantCalendar | null;
  timeZone: string;
  noticeHours: number;
  now: Date;
  /** the first instant to consider (e.g. the time the visitor chose) */
  from: Date;
  /** how many local days to look at, from's day included */
  days?: number;
  stepMinutes?: number;
}

/**
 * The delivery instants, in order, at which the restaurant's calendar takes an order placed now
 * or, while it is paused, as soon as the pause ends: inside a window of the local day (a
 * closure's windows on its dates, none when closed), at least the notice after the moment the
 * order can be placed, on quarter hours, from `from` for `days` local days. A restaurant without
 * hours yields every step. The caller adds what the calendar does not know (capacity).
 */
export function* openDeliveryTimes(input: OpenTimesInput): Generator<Date> {
  const step = input.stepMinutes ?? CALENDAR_STEP_MINUTES;
  const orderable = pausedUntilAt(input.calendar, input.now) ?? input.now;
  const firstDate = localDateOf(input.from, input.timeZone);
  for (let d = 0; d < (input.days ?? NEXT_AVAILABLE_DAYS); d++) {
    const date = addCalendarDays(firstDate, d)!;
    const parts = parseCalendarDate(date)!;
    const noon = zonedWallTimeToInstant({ ...parts, hour: 12, minute: 0 }, input.timeZone);
    const windows = windowsOn(
      input.storeHours,
      date,
      zonedParts(noon, input.timeZone).weekday,
      input.calendar?.closures,
    );
    const spans: [number, number][] =
      windows === null
        ? [[step, 1440 - step]]
        : windows.flatMap((w): [number, number][] => {
            const open = parseTimeOfDay(w.open);
            const close = parseTimeOfDay(w.close);
            if (open === null || close === null) return [];
            // a window past midnight (hours from before the calendar) is taken up to midnight
            return [[open, close > open ? close : 1440 - step]];
          });
    spans.sort((a, b) => a[0] - b[0]);
    let last = -1;
    for (const [open, close] of spans) {
      for (let m = Math.ceil(open / step) * step; m <= close && m < 1440; m += step) {
        if (m <= last || m === 0) continue;
        last = m;
        const at = zonedWallTimeToInstant({ ...parts, hour: Math.floor(m / 60), minute: m % 60 }, input.timeZone);
        if (at.getTime() < input.from.getTime()) continue;
        // a wall time skipped by a DST change does not exist that day
        const shown = zonedParts(at, input.timeZone);
        if (shown.hour * 60 + shown.minute !== m || localDateOf(at, input.timeZone) !== date) continue;
        if (!leadTimeCheck(input.noticeHours, at, orderable).ok) continue;
        yield at;
      }
    }
  }
}

/** The first time of openDeliveryTimes, or null within the days searched. */
export function nextOpenTime(input: OpenTimesInput): Date | null {
  for (const at of openDeliveryTimes(input)) return at;
  return null;
}
