import { isCateringStatus, transition, type CateringStatus, type OrderActor, type OrderEvent } from '@caterway/domain';
import type { Queryable } from '../../db/pool.js';
import { conflict, notFound } from '../../lib/errors.js';
import { followOrderEvent } from './restaurant-requests.repository.js';

// Applying the order state machine (packages/domain/src/order-lifecycle.ts) to a stored order:
// the only code that changes catering_orders.status after checkout. Each move locks the row,
// checks the machine, writes the new status with its timestamp and records who and when in
// order_events, in the caller's transaction. An illegal move is a 409 with the machine's message.

const TIMESTAMP_OF: Partial<Record<CateringStatus, string>> = {
  Accepted: 'accepted_at',
  DeliveryReady: 'delivery_ready_at',
  Delivered: 'delivered_at',
  Canceled: 'canceled_at',
};

export interface AppliedEvent {
  id: number;
  from: CateringStatus;
  to: CateringStatus;
}

/**
 * Moves the order by the event, inside the caller's transaction (tx must be a client with an
 * open transaction so the row lock holds until commit). Throws 404 for an unknown order and
 * 409 when the machine refuses.
 */
export async function applyOrderEvent(
  tx: Queryable,
  input: {
    orderId: number;
    event: OrderEvent;
    actor: OrderActor;
    actorUserId: number | null;
    now: Date;
    note?: string;
    /** the restaurant whose answer moves the order (actor 'restaurant') */
    restaurantId?: number;
  },
): Promise<AppliedEvent> {
  const { rows } = await tx.query<{ status: string }>('SELECT status FROM catering_orders WHERE id = $1 FOR UPDATE', [
    input.orderId,
  ]);
  const current = rows[0];
  if (!current) throw notFound('Order not found');
  const from = current.status;
  if (!isCateringStatus(from)) throw conflict(`This order cannot be changed (status ${current.status}).`);
  const result = transition(from, input.event, input.actor);
  if (!result.ok) throw conflict(result.message);
  const stamp = TIMESTAMP_OF[result.to];
  await tx.query(
    `UPDATE catering_orders SET status = $2, updated_at = $3${stamp ? `, ${stamp} = $3` : ''} WHERE id = $1`,
    [input.orderId, result.to, input.now],
  );
  await tx.query(
    `INSERT INTO order_events (catering_order_id, event, from_status, to_status, actor_kind, actor_user_id, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [input.orderId, input.event, from, result.to, input.actor, input.actorUserId, input.note ?? '', input.now],
  );
  await followOrderEvent(tx, { ...input, note: input.note ?? '' });
  return { id: input.orderId, from, to: result.to };
}

/**
 * Records something that happened to an order without moving its status (an edit, a payment
 * change) in its audit trail, in the caller's transaction.
 */
export async function recordOrderNote(
  tx: Queryable,
  input: {
    orderId: number;
    status: string;
    event: string;
    actor: OrderActor;
    actorUserId: number | null;
    note: string;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO order_events (catering_order_id, event, from_status, to_status, actor_kind, actor_user_id, note, created_at)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [input.orderId, input.event, input.status, input.actor, input.actorUserId, input.note, input.now],
  );
  await followOrderEvent(tx, input);
}

export interface OrderEventRow {
  id: number;
  event: string;
  from_status: string;
  to_status: string;
  actor_kind: OrderActor;
  actor_user_id: number | null;
  actor_email: string | null;
  note: string;
  created_at: Date;
}

/** The order's history, oldest first (the console's audit trail). */
export async function orderEvents(db: Queryable, orderId: number): Promise<OrderEventRow[]> {
  const { rows } = await db.query<OrderEventRow>(
    `SELECT e.id, e.event, e.from_status, e.to_status, e.actor_kind, e.actor_user_id, u.email AS actor_email, e.note, e.created_at
       FROM order_events e LEFT JOIN users u ON u.id = e.actor_user_id
      WHERE e.catering_order_id = $1 ORDER BY e.id`,
    [orderId],
  );
  return rows;
}
