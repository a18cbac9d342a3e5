// Orders through the real HTTP API: a restaurant preset's default cart (the cart a customer
// opens on the restaurant page) for a delivery the store hours and notice accept, created as a
// draft (POST api/v2/catering_orders) and paid (POST .../finalize with an Idempotency-Key).
import crypto from 'node:crypto';
import type { QueryResultRow } from 'pg';
import type { Db } from '../../apps/api/src/db/pool.js';
import {
  fixtureOf,
  orderPayload,
  type RestaurantFixture,
} from '../../apps/api/src/modules/orders/orders.test-helpers.js';
import type { Customer } from './customers.js';
import { runLoad, type RequestSpec } from './load.js';

/** Restaurant presets of one chef with store hours and delivery fee ranges, spread over the catalogue. */
export async function orderablePresets(db: Db, limit: number): Promise<RestaurantFixture[]> {
  const { rows } = await db.query<QueryResultRow & { lines: RestaurantFixture['lines'] }>(
    `SELECT p.id AS preset_id, p.preset_type, p.minimum_order_amount_cents, c.id, c.business_name, c.latitude, c.longitude, c.time_zone,
            c.pre_order_notice_hours, c.pre_order_min_order_amount_cents, c.delivery_fee_ranges,
            c.store_hours, c.delivery_radius_km,
            (SELECT json_agg(json_build_object('id', pi.id, 'menu_id', pi.menu_id, 'quantity', pi.quantity, 'menu_items_mapping', pi.menu_items_mapping) ORDER BY pi.position, pi.id)
               FROM preset_items pi WHERE pi.preset_id = p.id) AS lines
       FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id AND pc.position = 0 JOIN chefs c ON c.id = pc.chef_id
      WHERE p.preset_type = 'restaurant' AND p.is_active
        AND jsonb_array_length(c.delivery_fee_ranges) > 0 AND c.store_hours <> '{}'::jsonb AND NOT c.eft_enabled
        AND NOT EXISTS (SELECT 1 FROM preset_chefs x WHERE x.preset_id = p.id AND x.position > 0)
        AND EXISTS (SELECT 1 FROM preset_items pi WHERE pi.preset_id = p.id)
      ORDER BY (p.id * 2654435761) % 1000003
      LIMIT $1`,
    [limit],
  );
  return rows.map((r) => fixtureOf(r, r.lines));
}

/** POST api/v2/catering_orders for the preset's default cart, as this customer. */
export function createRequest(preset: RestaurantFixture, customer: Customer, now: Date): RequestSpec {
  const payload = orderPayload(preset, now, { email: customer.email, first_name: 'Bench', last_name: 'Customer' });
  return {
    method: 'POST',
    path: '/api/v2/catering_orders',
    headers: { authorization: `Bearer ${customer.jwt}` },
    body: { catering_order: payload, is_eft: false },
  };
}

export interface Draft {
  id: number;
  purchaseId: string;
  customer: Customer;
}

/** Creates drafts over HTTP (bounded: `count` requests, `concurrency` clients); answers those created. */
export async function createDrafts(
  port: number,
  presets: RestaurantFixture[],
  customers: Customer[],
  count: number,
  concurrency: number,
): Promise<{ drafts: Draft[]; statuses: number[]; seconds: number; errors: string[] }> {
  const now = new Date();
  const owners = Array.from({ length: count }, (_, i) => customers[i % customers.length]!);
  const requests = owners.map((c, i) => createRequest(presets[i % presets.length]!, c, now));
  const res = await runLoad({ port, requests, concurrency, collect: true, maxSeconds: 600 });
  const drafts: Draft[] = [];
  res.bodies!.forEach((body, i) => {
    if (res.statuses[i] !== 201 || !body) return;
    const order = (JSON.parse(body) as { catering_order: { id: number; purchase_id: string } }).catering_order;
    drafts.push({ id: order.id, purchaseId: order.purchase_id, customer: owners[i]! });
  });
  return { drafts, statuses: res.statuses, seconds: res.seconds, errors: res.errors };
}

/** POST api/v2/catering_orders/{id}/finalize with a fresh Idempotency-Key. */
export function finalizeRequest(draft: Draft, declined = false): RequestSpec {
  return {
    method: 'POST',
    path: `/api/v2/catering_orders/${draft.id}/finalize`,
    headers: { authorization: `Bearer ${draft.customer.jwt}`, 'idempotency-key': crypto.randomUUID() },
    body: {
      purchase_id: draft.purchaseId,
      payment_method_id: declined ? draft.customer.declinedCard : draft.customer.card,
    },
  };
}

/** Keeps the presets whose default cart the API accepts now (a draft of each, kept as an order). */
export async function acceptedPresets(
  port: number,
  presets: RestaurantFixture[],
  customer: Customer,
): Promise<{ presets: RestaurantFixture[]; drafts: Draft[] }> {
  const now = new Date();
  const res = await runLoad({
    port,
    requests: presets.map((p) => createRequest(p, customer, now)),
    concurrency: 4,
    collect: true,
    maxSeconds: 120,
  });
  const ok: RestaurantFixture[] = [];
  const drafts: Draft[] = [];
  res.statuses.forEach((s, i) => {
    if (s !== 201) return;
    ok.push(presets[i]!);
    const order = (JSON.parse(res.bodies![i]!) as { catering_order: { id: number; purchase_id: string } })
      .catering_order;
    drafts.push({ id: order.id, purchaseId: order.purchase_id, customer });
  });
  return { presets: ok, drafts };
}
