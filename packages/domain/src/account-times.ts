import { addCalendarDays, localDateOf, zonedParts, zonedWallTimeToInstant } from './availability.js';

// The group-order defaults' times on the wire (browse-account-orders §3 'User / account', §7
// PUT api/v2/accounts: goCutoffTime and goDeliveryTime are epoch seconds). The account keeps a
// time of day; the wire carries an instant, read in the account's zone (from its province or
// state). Seconds of the day (below 86 400) are still taken, for clients written before.

const SECONDS_PER_DAY = 86_400;
/** 2100-01-01T00:00:00Z: later epoch seconds are not a time anyone picked */
const LATEST_EPOCH_SECONDS = 4_102_444_800;

/** Canadian provinces and US states (two-letter codes) by the zone most of their people live in. */
const ZONE_BY_REGION: Record<string, string> = {
  // Canada
  BC: 'America/Vancouver',
  AB: 'America/Edmonton',
  SK: 'America/Regina',
  MB: 'America/Winnipeg',
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  NB: 'America/Halifax',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
  YT: 'America/Whitehorse',
  NT: 'America/Edmonton',
  NU: 'America/Iqaluit',
  // United States
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  IN: 'America/Indiana/Indianapolis',
  KY: 'America/New_York',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NY: 'America/New_York',
  NC: 'America/New_York',
  OH: 'America/New_York',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WV: 'America/New_York',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IL: 'America/Chicago',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  NE: 'America/Chicago',
  ND: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
  AZ: 'America/Phoenix',
  CO: 'America/Denver',
  ID: 'America/Boise',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
};

/**
 * The zone of an account: its province (Canada) or state (US). 'CA' is California only when the
 * country says US. Unknown or empty: the product's default zone, America/Toronto (ordering-payments §9).
 */
export function accountTimeZone(region: string, country: string): string {
  const code = region.trim().toUpperCase();
  if (code === 'CA' && country !== 'US') return 'America/Toronto';
  return ZONE_BY_REGION[code] ?? 'America/Toronto';
}

const isInteger = (n: number) => Number.isInteger(n);

/** A value PUT api/v2/accounts takes for goCutoffTime / goDeliveryTime: seconds of the day, or epoch seconds. */
export function isAccountTimeValue(value: number): boolean {
  return isInteger(value) && value >= 0 && value < LATEST_EPOCH_SECONDS;
}

/**
 * Seconds of the day a wire time stands for: seconds of the day as they are; epoch seconds as the
 * time of day that instant shows in the zone. null when the value is neither.
 */
export function accountSecondsOfDay(value: number, timeZone: string): number | null {
  if (!isAccountTimeValue(value)) return null;
  if (value < SECONDS_PER_DAY) return value;
  const p = zonedParts(new Date(value * 1000), timeZone);
  return p.hour * 3600 + p.minute * 60 + p.second;
}

/**
 * The wire form of a stored time of day: epoch seconds of its next occurrence in the zone after
 * `now` (today's when still ahead, else tomorrow's). On a day the clocks skip that time, the
 * instant just after the gap.
 */
export function nextOccurrenceEpochSeconds(secondsOfDay: number, timeZone: string, now: Date): number {
  const hour = Math.floor(secondsOfDay / 3600);
  const minute = Math.floor((secondsOfDay % 3600) / 60);
  const second = secondsOfDay % 60;
  let date = localDateOf(now, timeZone);
  for (let i = 0; i < 3; i++) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const instant = zonedWallTimeToInstant({ year, month, day, hour, minute }, timeZone).getTime() + second * 1000;
    if (instant > now.getTime()) return Math.floor(instant / 1000);
    date = addCalendarDays(date, 1)!;
  }
  throw new Error('unreachable: a time of day occurs within two days');
}
