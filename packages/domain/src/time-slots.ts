import { formatIsoDate } from './dates.js';

// Delivery time choices (browse-account-orders §5 'Older delivery form variant' and §9):
// every 15 minutes of the day from 5:00 AM until 12:00 AM (midnight closing the day); on
// today's date the times already past are hidden. Times travel as the spec's 'hh:mm a' strings
// with a zero-padded hour ('05:00 AM', '11:30 AM', '11:45 PM'); the API takes 'HH:mm'
// (ordering-payments §9 'Dates sent yyyy-MM-dd, times HH:mm').
//
// Midnight itself is not a slot (issue 17 part 5). A date and a time are sent separately, and
// '12:00 AM' of a date is the first minute of that date ('00:00'), so a "12:00 AM" slot shown
// at the end of Dec 3 was ordered for the start of Dec 3, 24 hours early. Nobody is catered at
// midnight, so the range ends with 11:45 PM rather than carrying a 'next day' meaning through
// every client, payload and stored order; the API refuses '00:00' and '24:00' as a delivery
// time (availability.ts isDeliveryTime) so no client can place that ambiguous order either.

export const SLOT_STEP_MINUTES = 15;
export const FIRST_SLOT_MINUTES = 5 * 60;
/** 11:45 PM: the last slot before midnight closes the day. */
export const LAST_SLOT_MINUTES = 24 * 60 - SLOT_STEP_MINUTES;

const TIME_12H = /^(\d{1,2}):(\d{2})\s?([AaPp][Mm])$/;
const TIME_24H = /^(\d{1,2}):(\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Minutes since midnight as 'hh:mm a'. 0 and 1440 are both '12:00 AM'. */
export function minutesToTime12(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const h24 = Math.floor(inDay / 60);
  const m = inDay % 60;
  const suffix = h24 < 12 ? 'AM' : 'PM';
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${pad2(h12)}:${pad2(m)} ${suffix}`;
}

/** Parses 'hh:mm a' (hour 1-12, padded or not, AM/PM any case) to minutes since midnight (0-1439); null when invalid. */
export function time12ToMinutes(value: string): number | null {
  const match = TIME_12H.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = match[3]!.toUpperCase() === 'PM';
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
}

/** 'hh:mm a' -> 'HH:mm' ('12:00 AM' -> '00:00', '01:15 PM' -> '13:15'); null when invalid. */
export function time12To24(value: string): string | null {
  const minutes = time12ToMinutes(value);
  return minutes === null ? null : `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** 'HH:mm' -> 'hh:mm a'; null when invalid. */
export function time24To12(value: string): string | null {
  const match = TIME_24H.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return minutesToTime12(hour * 60 + minute);
}

/** Normalises any accepted 'hh:mm a' spelling ('5:00 am') to the canonical '05:00 AM'; null when invalid. */
export function normalizeTime12(value: string): string | null {
  const minutes = time12ToMinutes(value);
  return minutes === null ? null : minutesToTime12(minutes);
}

/** The label people read: '05:00 AM' -> '5:00 AM'. */
export function displayTime(value: string): string {
  return value.replace(/^0(\d)/, '$1');
}

/** All slots of a day, '05:00 AM' through '11:45 PM' (76 of them). */
export function timeSlots(): string[] {
  const slots: string[] = [];
  for (let m = FIRST_SLOT_MINUTES; m <= LAST_SLOT_MINUTES; m += SLOT_STEP_MINUTES) slots.push(minutesToTime12(m));
  return slots;
}

/**
 * The slots still selectable for `date` ('yyyy-MM-dd') seen at `now`: all of them on a later
 * date, none on a past date, and on today only those not earlier than now.
 */
export function availableTimeSlots(date: string, now: Date): string[] {
  const today = formatIsoDate(now);
  if (date > today) return timeSlots();
  if (date < today) return [];
  const nowMinutes =
    now.getHours() * 60 + now.getMinutes() + (now.getSeconds() > 0 || now.getMilliseconds() > 0 ? 1 : 0);
  return timeSlots().filter((slot) => (time12ToMinutes(slot) ?? 0) >= nowMinutes);
}

/** True when `value` is one of the day's slots (any accepted spelling). */
export function isTimeSlot(value: string): boolean {
  const canonical = normalizeTime12(value);
  return canonical !== null && timeSlots().includes(canonical);
}
