// Calendar-date helpers in the device's local time zone. The spec's delivery info keeps a
// plain calendar date as 'yyyy-MM-dd' (browse-account-orders §3, ordering-payments §3), so
// these never go through UTC: `toISOString()` would shift the day for anyone west of Greenwich
// in the evening. Every function takes its `now`/date as an argument (no hidden clock).

import { messages } from './messages.js';

/**
 * Orders are taken at most this many days ahead (issue 15: the spec sets no horizon; a year-3000
 * order is a typo). Here rather than in availability.ts: the date pickers of every page need it,
 * the opening-hours rules only the pages that check them (decision 073).
 */
export const MAX_DAYS_AHEAD = 90;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Formats the local calendar date of `date` as 'yyyy-MM-dd'. */
export function formatIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** Parses 'yyyy-MM-dd' to local midnight of that day; null for anything else or an impossible date (2025-02-30). */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** Local midnight of the day `date` falls on. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Adds calendar days (DST-safe: works on the calendar fields, not on 24-hour steps). */
export function addDays(date: Date, days: number): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
}

/** Compares two 'yyyy-MM-dd' strings (their lexical order is their calendar order). */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Short human form of a 'yyyy-MM-dd' date, e.g. 'Wed, Nov 25' (English, as the product copy is). Returns the input when it does not parse. */
export function formatDisplayDate(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/**
 * The last day the date pickers offer: today on this device plus MAX_DAYS_AHEAD (the server
 * counts the same days in the restaurant's zone and refuses later ones with the same message).
 */
export function lastPickableDate(now: Date): string {
  return formatIsoDate(addDays(startOfDay(now), MAX_DAYS_AHEAD));
}

/** A picked 'yyyy-MM-dd' past lastPickableDate: the horizon message; otherwise null. */
export function pickedDateTooFar(date: string, now: Date): string | null {
  const last = lastPickableDate(now);
  return parseIsoDate(date) !== null && date > last ? messages.tooFarAhead(MAX_DAYS_AHEAD, last) : null;
}
