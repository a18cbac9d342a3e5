import type { CalendarClosure, StoreHoursMap, TimeWindow } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';

// A restaurant's calendar (migration 046, decision 055): chefs.store_hours (weekly windows),
// restaurant_closures, chefs.paused_until / pause_reason, and the ordering rules on chefs
// (pre_order_notice_hours, pre_order_min_order_amount_cents). Every write here runs in the
// caller's transaction, which records it with record(..., { catalogue: true }) (the storefront
// reads these rows and caches them).

export interface CalendarChefRow {
  id: number;
  time_zone: string;
  country: 'CA' | 'US';
  province: string;
  store_hours: StoreHoursMap;
  paused_until: Date | null;
  pause_reason: string | null;
  pre_order_notice_hours: number;
  pre_order_min_order_amount_cents: number;
}

export interface ClosureRow extends CalendarClosure {
  id: number;
  holiday: string | null;
}

const CLOSURE_COLUMNS = `id::int AS id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
  windows, reason, holiday`;

export function createCalendarRepository(db: Queryable) {
  return {
    async chef(chefId: number, tx: Queryable = db, lock = false): Promise<CalendarChefRow | undefined> {
      const { rows } = await tx.query<CalendarChefRow>(
        `SELECT id::int AS id, time_zone, country, province, store_hours, paused_until, pause_reason,
                pre_order_notice_hours, pre_order_min_order_amount_cents::int AS pre_order_min_order_amount_cents
           FROM chefs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
        [chefId],
      );
      return rows[0];
    },

    /** Closures ending on or after `from`, by first day. */
    async closures(chefId: number, from: string, tx: Queryable = db): Promise<ClosureRow[]> {
      const { rows } = await tx.query<ClosureRow>(
        `SELECT ${CLOSURE_COLUMNS} FROM restaurant_closures WHERE chef_id = $1 AND ends_on >= $2::date
          ORDER BY starts_on, id`,
        [chefId, from],
      );
      return rows;
    },

    async saveHours(tx: Queryable, chefId: number, hours: StoreHoursMap): Promise<void> {
      await tx.query(`UPDATE chefs SET store_hours = $2::jsonb WHERE id = $1`, [chefId, JSON.stringify(hours)]);
    },

    async addClosure(
      tx: Queryable,
      chefId: number,
      c: { starts_on: string; ends_on: string; windows: TimeWindow[] | null; reason: string; holiday: string | null },
      userId: number,
    ): Promise<ClosureRow> {
      const { rows } = await tx.query<ClosureRow>(
        `INSERT INTO restaurant_closures (chef_id, starts_on, ends_on, windows, reason, holiday, created_by)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
         RETURNING ${CLOSURE_COLUMNS}`,
        [chefId, c.starts_on, c.ends_on, c.windows ? JSON.stringify(c.windows) : null, c.reason, c.holiday, userId],
      );
      return rows[0]!;
    },

    async removeClosure(tx: Queryable, chefId: number, closureId: number): Promise<ClosureRow | undefined> {
      const { rows } = await tx.query<ClosureRow>(
        `DELETE FROM restaurant_closures WHERE chef_id = $1 AND id = $2 RETURNING ${CLOSURE_COLUMNS}`,
        [chefId, closureId],
      );
      return rows[0];
    },

    async savePause(tx: Queryable, chefId: number, until: Date | null, reason: string | null): Promise<void> {
      await tx.query(`UPDATE chefs SET paused_until = $2, pause_reason = $3 WHERE id = $1`, [chefId, until, reason]);
    },

    async saveOrdering(tx: Queryable, chefId: number, noticeHours: number, minOrderCents: number): Promise<void> {
      await tx.query(
        `UPDATE chefs SET pre_order_notice_hours = $2, pre_order_min_order_amount_cents = $3
          WHERE id = $1`,
        [chefId, noticeHours, minOrderCents],
      );
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
