// The calendar of a restaurant as one jsonb value (decision 055), for every read of a chef row
// that decides availability (cards, detail, checkout, group orders, capacity): closures that
// have not ended (a day of slack for the zones behind UTC) and the pause. Its shape is the
// RestaurantCalendar of packages/domain availability.ts.

/** A SQL expression of the calendar of the chef row aliased `alias` (needs its id). */
export function chefCalendarJson(alias: string): string {
  return `jsonb_build_object(
    'closures', coalesce((SELECT jsonb_agg(jsonb_build_object('starts_on', rc.starts_on, 'ends_on', rc.ends_on,
                                   'windows', rc.windows, 'reason', rc.reason) ORDER BY rc.starts_on)
                            FROM restaurant_closures rc
                           WHERE rc.chef_id = ${alias}.id AND rc.ends_on >= current_date - 1), '[]'::jsonb),
    'paused_until', ${alias}.paused_until, 'pause_reason', ${alias}.pause_reason)`;
}
