import { localDateOf } from '@caterway/domain';
import { coarseWindow, inZoneWindowSql, zoneWindowParams, zoneWindows } from '../../db/local-date-filter.js';
import type { Queryable } from '../../db/pool.js';
import type { OrderRow, PaymentStatus } from '../orders/orders.types.js';

// SQL of the order after checkout that is not a status move (those are applyOrderEvent's):
// the row lock, the money columns, audit notes, and the console's list.

export interface OpsOrderRow extends OrderRow {
  chef_name: string | null;
  delivery_date: string;
}

/** Placed: an add-on draft cancelled with its parent (decision 026) was never paid, so never placed. */
const PLACED = '(o.parent_order_id IS NULL OR o.paid_at IS NOT NULL)';
/** The delivery day in the order's zone, from the runtime's time zone data (decision 025). */
const withLocalDate = (row: Omit<OpsOrderRow, 'delivery_date'>): OpsOrderRow => ({
  ...row,
  delivery_date: localDateOf(row.delivery_at, row.time_zone),
});

export function createOpsRepository(db: Queryable) {
  return {
    /** The order, locked for the caller's transaction (every money move on an order is serialised on its row). */
    async lock(tx: Queryable, id: number): Promise<OrderRow | undefined> {
      const { rows } = await tx.query<OrderRow>('SELECT * FROM catering_orders WHERE id = $1 FOR UPDATE', [id]);
      return rows[0];
    },

    /** The add-on orders of a parent in one of `statuses`, locked (after the parent: one lock order). */
    async lockAddOns(tx: Queryable, parentId: number, statuses: readonly string[]): Promise<OrderRow[]> {
      const { rows } = await tx.query<OrderRow>(
        'SELECT * FROM catering_orders WHERE parent_order_id = $1 AND status = ANY($2) ORDER BY id FOR UPDATE',
        [parentId, statuses],
      );
      return rows;
    },

    /** Orders in one of `statuses` changed since `since`, latest first (the reconciliation's candidates). */
    async closedSince(since: Date, statuses: readonly string[], tx: Queryable = db): Promise<OrderRow[]> {
      const { rows } = await tx.query<OrderRow>(
        'SELECT * FROM catering_orders WHERE status = ANY($2) AND updated_at >= $1 ORDER BY updated_at DESC, id DESC LIMIT 2000',
        [since, statuses],
      );
      return rows;
    },

    async findById(id: number, tx: Queryable = db): Promise<OpsOrderRow | undefined> {
      const { rows } = await tx.query<OpsOrderRow>(
        `SELECT o.*, c.business_name AS chef_name
           FROM catering_orders o LEFT JOIN chefs c ON c.id = o.chef_id
          WHERE o.id = $1 AND o.status <> 'draft' AND ${PLACED}`,
        [id],
      );
      return rows[0] && withLocalDate(rows[0]);
    },

    /**
     * Placed orders whose delivery day, in the order's own zone, is between from and to
     * (decision 025): the zones present in a coarse instant range (which lets the planner use the
     * delivery index) get their exact [start, end) computed in TypeScript, then one query
     * compares instants.
     */
    async listByDeliveryDate(from: string, to: string, tx: Queryable = db): Promise<OpsOrderRow[]> {
      const coarse = coarseWindow(from, to);
      const zones = await tx.query<{ time_zone: string }>(
        `SELECT DISTINCT time_zone FROM catering_orders WHERE status <> 'draft' AND delivery_at >= $1 AND delivery_at < $2`,
        [coarse.start, coarse.end],
      );
      const windows = zoneWindows(
        zones.rows.map((r) => r.time_zone),
        from,
        to,
      );
      if (!windows.zones.length) return [];
      const { rows } = await tx.query<Omit<OpsOrderRow, 'delivery_date'>>(
        `SELECT o.*, c.business_name AS chef_name
           FROM catering_orders o LEFT JOIN chefs c ON c.id = o.chef_id
          WHERE o.status <> 'draft' AND ${PLACED}
            AND o.delivery_at >= $1 AND o.delivery_at < $2
            AND ${inZoneWindowSql('o.delivery_at', 'o.time_zone', 3)}
          ORDER BY o.delivery_at, o.id
          LIMIT 500`,
        [coarse.start, coarse.end, ...zoneWindowParams(windows)],
      );
      return rows.map(withLocalDate);
    },

    async lockEdits(tx: Queryable, id: number, now: Date): Promise<boolean> {
      const { rowCount } = await tx.query(
        'UPDATE catering_orders SET editable = false, updated_at = $2 WHERE id = $1 AND editable',
        [id, now],
      );
      return rowCount === 1;
    },

    async setProcessing(tx: Queryable, id: number, processing: 'processing' | 'processed', now: Date): Promise<void> {
      await tx.query('UPDATE catering_orders SET processing = $2, updated_at = $3 WHERE id = $1', [
        id,
        processing,
        now,
      ]);
    },

    /** The held amount was captured (processing done). */
    async markCaptured(tx: Queryable, id: number, capturedCents: number, now: Date): Promise<OrderRow> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET payment_status = 'captured', captured_cents = $2, authorized_cents = 0,
                processing = 'processed', payment_error = NULL, updated_at = $3
          WHERE id = $1 RETURNING *`,
        [id, capturedCents, now],
      );
      return rows[0]!;
    },

    /** The authorisation was voided, or what was captured refunded: the order holds no money any more. */
    async markReleased(
      tx: Queryable,
      id: number,
      input: { paymentStatus: PaymentStatus; refundedCents: number; now: Date },
    ): Promise<OrderRow> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET payment_status = $2, refunded_cents = $3, authorized_cents = 0, editable = false, updated_at = $4
          WHERE id = $1 RETURNING *`,
        [id, input.paymentStatus, input.refundedCents, input.now],
      );
      return rows[0]!;
    },

    async markPaymentFailed(tx: Queryable, id: number, error: string, now: Date): Promise<void> {
      await tx.query(
        `UPDATE catering_orders SET payment_status = 'failed', payment_error = $2, processing = 'pending', updated_at = $3 WHERE id = $1`,
        [id, error, now],
      );
    },

    /**
     * A note in the audit trail that is not a status move (payment captured, edits locked, capture
     * left for staff): from and to are the same status, so the history reads as one timeline.
     */
    async note(
      tx: Queryable,
      input: {
        orderId: number;
        event: string;
        status: string;
        note: string;
        now: Date;
        actor?: 'system' | 'staff' | 'customer';
        actorUserId?: number | null;
      },
    ): Promise<void> {
      await tx.query(
        `INSERT INTO order_events (catering_order_id, event, from_status, to_status, actor_kind, actor_user_id, note, created_at)
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
        [
          input.orderId,
          input.event,
          input.status,
          input.actor ?? 'system',
          input.actorUserId ?? null,
          input.note,
          input.now,
        ],
      );
    },
  };
}
export type OpsRepository = ReturnType<typeof createOpsRepository>;
