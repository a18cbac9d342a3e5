import type { CapacityRule, RestaurantCalendar, StoreHoursMap } from '@caterway/domain';
import { chefCalendarJson } from '../../db/chef-calendar.js';
import type { Queryable } from '../../db/pool.js';

// restaurant_capacity and restaurant_slots (migration 040, decision 049), and what a restaurant's
// slots hold: every placed order of it that is not declined or cancelled, and every checkout
// whose payment is being authorised right now (its claim is fresh), so that two checkouts into
// one slot cannot both take its last place.

export interface ChefCapacity extends CapacityRule {
  chef_id: number;
  restaurant: string;
  time_zone: string;
}

/** A rule with what decides when the restaurant delivers at all (hours, closures, pause). */
export type RuleWithHours = ChefCapacity & { store_hours: StoreHoursMap; calendar: RestaurantCalendar };

export interface OrderShare {
  chef_id: number;
  servings: number;
  delivery_at: Date;
}

export function createCapacityRepository(db: Queryable) {
  return {
    /** The rules of these restaurants that have a limit, with their hours (a missing row: no limit). */
    async rulesWithHours(chefIds: number[], tx: Queryable = db): Promise<RuleWithHours[]> {
      const { rows } = await tx.query<RuleWithHours>(
        `SELECT r.chef_id::int AS chef_id, c.business_name AS restaurant, c.time_zone, c.store_hours,
                ${chefCalendarJson('c')} AS calendar, r.unit,
                r.per_day AS "perDay", r.per_window AS "perWindow", r.window_minutes AS "windowMinutes"
           FROM restaurant_capacity r JOIN chefs c ON c.id = r.chef_id
          WHERE r.chef_id = ANY($1::bigint[]) AND (r.per_day IS NOT NULL OR r.per_window IS NOT NULL)
          ORDER BY r.chef_id`,
        [chefIds],
      );
      return rows;
    },

    async rule(chefId: number): Promise<CapacityRule> {
      const { rows } = await db.query<CapacityRule>(
        `SELECT unit, per_day AS "perDay", per_window AS "perWindow", window_minutes AS "windowMinutes"
           FROM restaurant_capacity WHERE chef_id = $1`,
        [chefId],
      );
      return rows[0] ?? { unit: 'orders', perDay: null, perWindow: null, windowMinutes: 60 };
    },

    async saveRule(chefId: number, rule: CapacityRule): Promise<void> {
      await db.query(
        `INSERT INTO restaurant_capacity (chef_id, unit, per_day, per_window, window_minutes, updated_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (chef_id) DO UPDATE SET unit = $2, per_day = $3, per_window = $4, window_minutes = $5, updated_at = now()`,
        [chefId, rule.unit, rule.perDay, rule.perWindow, rule.windowMinutes],
      );
    },

    /** The restaurants of an order and the servings it orders from each. */
    async shares(orderId: number, tx: Queryable = db): Promise<OrderShare[]> {
      const { rows } = await tx.query<OrderShare>(
        `SELECT c.id::int AS chef_id, o.delivery_at,
                COALESCE((SELECT sum(i.quantity) FROM catering_order_items i
                           WHERE i.catering_order_id = o.id AND COALESCE(i.chef_id, o.chef_id) = c.id), 0)::int AS servings
           FROM catering_orders o, LATERAL (SELECT DISTINCT x.id FROM unnest(array_append(o.chef_ids, o.chef_id)) AS x (id)) c
          WHERE o.id = $1 AND c.id IS NOT NULL
          ORDER BY c.id`,
        [orderId],
      );
      return rows;
    },

    /**
     * Locks the restaurant's day and window (made on first use), in one order (day first) so
     * that checkouts never wait on each other crosswise. Held until the transaction ends.
     */
    async lockSlot(tx: Queryable, chefId: number, localDate: string, windowStart: number): Promise<void> {
      await tx.query(
        `INSERT INTO restaurant_slots (chef_id, local_date, window_start) VALUES ($1, $2, -1), ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [chefId, localDate, windowStart],
      );
      await tx.query(
        `SELECT 1 FROM restaurant_slots WHERE chef_id = $1 AND local_date = $2 AND window_start IN (-1, $3)
          ORDER BY window_start FOR UPDATE`,
        [chefId, localDate, windowStart],
      );
    },

    /**
     * What the restaurant's windows of a local day [dayStart, dayEnd) hold, by window start, in
     * its unit; `exceptOrderId` is left out (the order being checked).
     */
    async held(
      tx: Queryable,
      input: {
        chefId: number;
        dayStart: Date;
        dayEnd: Date;
        timeZone: string;
        rule: CapacityRule;
        exceptOrderId: number;
        now: Date;
        staleSeconds: number;
      },
    ): Promise<Map<number, number>> {
      const { rows } = await tx.query<{ window_start: number; load: number }>(
        `SELECT (floor(extract(epoch FROM (o.delivery_at AT TIME ZONE $4)::time) / 60 / $5) * $5)::int AS window_start,
                sum(CASE WHEN $6 = 'orders' THEN 1 ELSE
                      (SELECT COALESCE(sum(i.quantity), 0) FROM catering_order_items i
                        WHERE i.catering_order_id = o.id AND COALESCE(i.chef_id, o.chef_id) = $1) END)::int AS load
           FROM catering_orders o
          WHERE o.delivery_at >= $2 AND o.delivery_at < $3 AND o.id <> $7
            AND $1 = ANY (array_append(o.chef_ids, o.chef_id))
            AND (o.status NOT IN ('draft', 'declined', 'Canceled', 'cancelled')
                 OR (o.status = 'draft' AND o.payment_status = 'authorizing'
                     AND o.payment_started_at > $8::timestamptz - make_interval(secs => $9)))
          GROUP BY 1`,
        [
          input.chefId,
          input.dayStart,
          input.dayEnd,
          input.timeZone,
          input.rule.windowMinutes,
          input.rule.unit,
          input.exceptOrderId,
          input.now,
          input.staleSeconds,
        ],
      );
      return new Map(rows.map((r) => [r.window_start, r.load]));
    },
  };
}
