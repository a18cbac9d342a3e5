// Helpers for the order-lifecycle integration tests (not loaded by the app): a staff account,
// and orders placed through the real checkout API (create + finalize) with sandbox payments.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/pool.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { cards, orderPayload, sandboxCard, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import type { OrderRow } from '../orders/orders.types.js';

export async function staffUser(app: FastifyInstance, db: Db) {
  const user = await signedInUser(app, db);
  await db.query("UPDATE users SET role = 'staff' WHERE id = $1", [user.id]);
  return user;
}

export const auth = (jwt: string | null): Record<string, string> => (jwt ? { authorization: `Bearer ${jwt}` } : {});

/** A bank-debit method confirmed the way the browser does it (setup intent + sandbox confirm). */
export async function bankMethod(app: FastifyInstance, jwt: string): Promise<string> {
  const seti = await app.inject({
    method: 'POST',
    url: '/api/v2/payment_methods/create_setup_intent',
    headers: auth(jwt),
    payload: { payment_type: 'acss_debit' },
  });
  expect(seti.statusCode).toBe(200);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v2/sandbox/setup_intents/confirm',
    payload: {
      client_secret: seti.json().client_secret,
      billing_name: 'Dana Morgan',
      billing_email: 'ap@northwind.example',
      institution_number: '004',
      transit_number: '12345',
      account_number: '0001234567',
    },
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().setup_intent.payment_method_id as string;
}

/** Places a paid (New) order through the checkout API and answers its row. */
export async function placeOrder(
  ctx: { app: FastifyInstance; db: Db; deps: { payments: PaymentProvider } },
  f: RestaurantFixture,
  jwt: string,
  now: Date,
  options: { eft?: boolean } = {},
): Promise<OrderRow> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/catering_orders',
    headers: auth(jwt),
    payload: { catering_order: orderPayload(f, now), is_eft: Boolean(options.eft) },
  });
  expect(created.statusCode).toBe(201);
  const order = created.json().catering_order as { id: number; purchase_id: string };
  const pm = options.eft ? await bankMethod(ctx.app, jwt) : await sandboxCard(ctx.deps.payments, cards.ok);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/catering_orders/${order.id}/finalize`,
    headers: { ...auth(jwt), 'idempotency-key': crypto.randomUUID() },
    payload: { purchase_id: order.purchase_id, payment_method_id: pm },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderRow(ctx.db, order.id);
}

export async function orderRow(db: Db, id: number): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>('SELECT * FROM catering_orders WHERE id = $1', [id]);
  return rows[0]!;
}

export async function intentStatus(
  db: Db,
  id: string,
): Promise<{ status: string; amount_received: number; amount_refunded: number }> {
  const { rows } = await db.query(
    'SELECT status, amount_received, amount_refunded FROM sandbox_payment_intents WHERE id = $1',
    [id],
  );
  return rows[0];
}

export interface PlacedOrderSeed {
  userId: number;
  chefIds: number[];
  presetId: number;
  deliveryAt: string;
  timeZone?: string;
  status?: string;
  totalCents: number;
}

/** A placed order row as checkout leaves it (the columns migration 005 requires). */
export async function insertPlacedOrder(db: Db, s: PlacedOrderSeed): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO catering_orders (order_number, purchase_id, user_id, preset_id, preset_name, chef_id, chef_ids, status,
       receiving_method, first_name, last_name, phone_number, email, serving_style, delivery_at, time_zone,
       order_processing_at, subtotal_cents, tax_cents, total_cents, request_payload, payment_status)
     VALUES ($1, $2, $3, $4, 'Seeded', $5, $6, $7, 'delivery', 'Dana', 'Morgan', '416-555-0101', 'dana@example.com',
       'Family Style', $8, $9, $8::timestamptz - interval '24 hours', $10, 0, $10, '{}'::jsonb, 'authorized')
     RETURNING id`,
    [
      `T-${crypto.randomBytes(5).toString('hex')}`,
      crypto.randomUUID(),
      s.userId,
      s.presetId,
      s.chefIds[0],
      s.chefIds,
      s.status ?? 'Accepted',
      s.deliveryAt,
      s.timeZone ?? 'America/Toronto',
      s.totalCents,
    ],
  );
  return Number(rows[0]!.id);
}
