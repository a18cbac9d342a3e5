// The calendar of a restaurant as one jsonb value (decision 055), for every read of a chef row
// that decides availability (cards, detail, checkout, group orders, capacity): closures that
// have not ended (a day of slack for the zones behind UTC) and the pause. Its shape is the
// RestaurantCalendar of packages/domain availability.ts. Closures are the latest 150 by last day
// (at most 100 can be upcoming; the clock of a demo or test may be moved, so no date filter).

/** A SQL expression of the calendar of the chef row aliased `alias` (needs its id). */
export function chefCalendarJson(alias: string): string {
  return `jsonb_build_object(
    'closures', coalesce((SELECT jsonb_agg(jsonb_build_object('starts_on', rc.starts_on, 'ends_on', rc.ends_on,
                                   'windows', rc.windows, 'reason', rc.reason, 'holiday', rc.holiday) ORDER BY rc.starts_on)
                            FROM (SELECT * FROM restaurant_closures WHERE chef_id = ${alias}.id
                                   ORDER BY ends_on DESC LIMIT 150) rc), '[]'::jsonb),
    'paused_until', ${alias}.paused_until, 'pause_reason', ${alias}.pause_reason)`;
}
