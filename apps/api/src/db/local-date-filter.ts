import { isValidTimeZone, localDateRangeInstants } from '@caterway/domain';

// Filtering orders by their local delivery date (decision 025). An order's local date depends on
// its zone's rules, which change (British Columbia left DST in 2026); PostgreSQL's `AT TIME ZONE`
// reads the server's own time zone data, which lags. So the bounds are computed here, with the
// runtime's data (the same Intl functions that turned the chosen wall time into delivery_at),
// once per zone present, and the database only compares instants.

/** Per zone, the instants [start, end) of a local-date range; null ends are open. */
export interface ZoneWindows {
  zones: string[];
  starts: (Date | null)[];
  ends: (Date | null)[];
}

/**
 * The windows of the local dates from..to (both included, either may be absent) in each zone.
 * Zones the runtime does not know get no window: nothing in them can be placed on a local date.
 */
export function zoneWindows(zones: Iterable<string>, from: string | undefined, to: string | undefined): ZoneWindows {
  const out: ZoneWindows = { zones: [], starts: [], ends: [] };
  for (const zone of new Set(zones)) {
    if (!isValidTimeZone(zone)) continue;
    const range = localDateRangeInstants(from, to, zone);
    if (!range) continue;
    out.zones.push(zone);
    out.starts.push(range.start);
    out.ends.push(range.end);
  }
  return out;
}

/** The windows as three array parameters, in the order inZoneWindowSql numbers them. */
export const zoneWindowParams = (w: ZoneWindows): unknown[] => [w.zones, w.starts, w.ends];

/**
 * SQL true when `instant` lies in the window of its row's `zone`; `first` is the number of the
 * first of the three parameters (zones text[], starts timestamptz[], ends timestamptz[]).
 */
export function inZoneWindowSql(instant: string, zone: string, first: number): string {
  return `EXISTS (SELECT 1 FROM unnest($${first}::text[], $${first + 1}::timestamptz[], $${first + 2}::timestamptz[]) AS w(zone, start_at, end_at)
                   WHERE w.zone = ${zone} AND (w.start_at IS NULL OR ${instant} >= w.start_at) AND (w.end_at IS NULL OR ${instant} < w.end_at))`;
}

/**
 * A UTC window surely holding every instant of the local dates from..to in any zone (offsets
 * run from -12:00 to +14:00): lets the planner use a delivery_at index before the exact test.
 */
export function coarseWindow(from: string, to: string): { start: Date; end: Date } {
  const day = 86_400_000;
  return {
    start: new Date(Date.parse(`${from}T00:00:00Z`) - day),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * day),
  };
}
