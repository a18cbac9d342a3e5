// Helpers for the My Orders tests (not loaded by the app): place an order through the real
// checkout endpoints, then move it with the state machine as staff or the system would.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OrderEvent } from '@caterway/domain';
import { withTransaction, type Db } from '../../db/pool.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { cards, orderPayload, sandboxCard, type RestaurantFixture } from '../orders/orders.test-helpers.js';

export interface PlacedOrder {
  id: number;
  purchase_id: string;
  order_number: string;
  deliveryAt: Date;
  processingAt: Date;
}

/** Creates and pays an order as the user (status New), at the app's current clock. */
export async function placeOrder(
  ctx: { app: FastifyInstance; db: Db; deps: { payments: PaymentProvider } },
  f: RestaurantFixture,
  jwt: string,
  now: Date,
  overrides: Parameters<typeof orderPayload>[2] = {},
): Promise<PlacedOrder> {
  const headers = { authorization: `Bearer ${jwt}` };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/catering_orders',
    headers,
    payload: { catering_order: orderPayload(f, now, overrides), is_eft: false },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().catering_order as { id: number; purchase_id: string };
  const pm = await sandboxCard(ctx.deps.payments, cards.ok);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/catering_orders/${order.id}/finalize`,
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    payload: { purchase_id: order.purchase_id, payment_method_id: pm },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const { rows } = await ctx.db.query(
    'SELECT order_number, delivery_at, order_processing_at FROM catering_orders WHERE id = $1',
    [order.id],
  );
  return {
    ...order,
    order_number: rows[0].order_number,
    deliveryAt: rows[0].delivery_at,
    processingAt: rows[0].order_processing_at,
  };
}

/** Moves an order through the state machine, each event by the actor the machine allows. */
export async function moveOrder(db: Db, orderId: number, events: OrderEvent[], now: Date): Promise<void> {
  const actorOf = (e: OrderEvent) =>
    ['accept', 'decline', 'mark_delivery_ready', 'mark_delivered'].includes(e)
      ? 'staff'
      : e === 'cancel'
        ? 'customer'
        : 'system';
  for (const event of events) {
    await withTransaction(db, (tx) =>
      applyOrderEvent(tx, { orderId, event, actor: actorOf(event), actorUserId: null, now }),
    );
  }
}
