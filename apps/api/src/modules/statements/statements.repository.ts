import type { CommissionRate } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';

// What a restaurant's statement reads (docs/decisions/057): its delivered orders by delivery day
// in the restaurant's time zone, each with the food of every restaurant of the order (so that the
// order-level figures can be split between them), and its commission rates.

/** The orders a statement counts: delivered, or delivered and settled (customer_paid). */
export const DELIVERED_STATUSES = ['Delivered', 'customer_paid'] as const;

export interface StatementRestaurant {
  id: number;
  name: string;
  time_zone: string;
  country: 'CA' | 'US';
}

export interface StatementOrderRow {
  id: number;
  order_number: string;
  local_date: string;
  company_name: string;
  first_name: string;
  last_name: string;
  currency: 'cad' | 'usd';
  delivery_fee_cents: number;
  cutlery_cents: number;
  tax_cents: number;
  tip_cents: number;
  food_by_chef: { chef_id: number | null; cents: number }[];
}

export interface CommissionRow extends CommissionRate {
  set_at: Date;
  set_by: string | null;
}

export function createStatementsRepository(db: Queryable) {
  return {
    async restaurant(chefId: number): Promise<StatementRestaurant | null> {
      const { rows } = await db.query<StatementRestaurant>(
        'SELECT id::int AS id, business_name AS name, time_zone, country FROM chefs WHERE id = $1',
        [chefId],
      );
      return rows[0] ?? null;
    },

    /** Delivered orders with a line of the restaurant, delivered on days start..end (inclusive) in its zone. */
    async deliveredOrders(chefId: number, start: string, end: string): Promise<StatementOrderRow[]> {
      const { rows } = await db.query<StatementOrderRow>(
        `SELECT o.id::int AS id, o.order_number,
                to_char(o.delivery_at AT TIME ZONE c.time_zone, 'YYYY-MM-DD') AS local_date,
                o.company_name, o.first_name, o.last_name, o.currency,
                o.delivery_fee_cents, o.cutlery_cents, o.tax_cents, o.tip_cents,
                (SELECT json_agg(json_build_object('chef_id', f.chef_id, 'cents', f.cents) ORDER BY f.chef_id)
                   FROM (SELECT i.chef_id::int AS chef_id, sum(i.line_subtotal_cents)::bigint AS cents
                           FROM catering_order_items i WHERE i.catering_order_id = o.id GROUP BY i.chef_id) f
                ) AS food_by_chef
           FROM chefs c
           JOIN catering_orders o
             ON o.delivery_at >= ($2::date::timestamp AT TIME ZONE c.time_zone)
            AND o.delivery_at < (($3::date + 1)::timestamp AT TIME ZONE c.time_zone)
          WHERE c.id = $1
            AND o.status = ANY($4::text[])
            AND EXISTS (SELECT 1 FROM catering_order_items x WHERE x.catering_order_id = o.id AND x.chef_id = $1)
          ORDER BY o.delivery_at, o.id`,
        [chefId, start, end, DELIVERED_STATUSES],
      );
      return rows.map((r) => ({
        ...r,
        food_by_chef: (r.food_by_chef ?? []).map((f) => ({ chef_id: f.chef_id, cents: Number(f.cents) })),
      }));
    },

    /** The days (in the restaurant's zone) with delivered orders of the restaurant, and how many on each. */
    async deliveredDays(chefId: number): Promise<{ local_date: string; orders: number }[]> {
      const { rows } = await db.query<{ local_date: string; orders: number }>(
        `SELECT to_char(o.delivery_at AT TIME ZONE c.time_zone, 'YYYY-MM-DD') AS local_date, count(*)::int AS orders
           FROM chefs c
           JOIN catering_orders o ON o.status = ANY($2::text[])
          WHERE c.id = $1
            AND EXISTS (SELECT 1 FROM catering_order_items x WHERE x.catering_order_id = o.id AND x.chef_id = $1)
          GROUP BY 1 ORDER BY 1 DESC`,
        [chefId, DELIVERED_STATUSES],
      );
      return rows;
    },

    /** Every rate set for the restaurant, newest day first, with who set it. */
    async rates(chefId: number): Promise<CommissionRow[]> {
      const { rows } = await db.query<CommissionRow>(
        `SELECT r.rate_bps, to_char(r.effective_from, 'YYYY-MM-DD') AS effective_from, r.set_at,
                nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS set_by
           FROM restaurant_commissions r LEFT JOIN users u ON u.id = r.set_by
          WHERE r.chef_id = $1 ORDER BY r.effective_from DESC`,
        [chefId],
      );
      return rows;
    },

    /** Sets the rate from a day on (replacing one set for that same day); answers the row before, if any. */
    async setRate(
      tx: Queryable,
      chefId: number,
      rate: CommissionRate,
      userId: number,
      now: Date,
    ): Promise<{ before: number | null }> {
      const { rows } = await tx.query<{ rate_bps: number }>(
        'SELECT rate_bps FROM restaurant_commissions WHERE chef_id = $1 AND effective_from = $2 FOR UPDATE',
        [chefId, rate.effective_from],
      );
      await tx.query(
        `INSERT INTO restaurant_commissions (chef_id, effective_from, rate_bps, set_by, set_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (chef_id, effective_from)
         DO UPDATE SET rate_bps = EXCLUDED.rate_bps, set_by = EXCLUDED.set_by, set_at = EXCLUDED.set_at`,
        [chefId, rate.effective_from, rate.rate_bps, userId, now],
      );
      return { before: rows[0]?.rate_bps ?? null };
    },
  };
}

export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
