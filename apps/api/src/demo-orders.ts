// The demo customer's order history (issue 5): a few delivered orders with invoices, one being
// prepared for delivery (past its processing time), two accepted and still editable, and one
// New. Placed through the real checkout service (repriced, paid with a sandbox test card) at
// the time each order would have been placed, then moved by the state machine
// (applyOrderEvent: order_events record who and when). Runs once: a demo customer who already
// has placed orders is left alone.
import crypto from 'node:crypto';
import {
  calendarHoursCheck,
  deliveryInstant,
  formatStoreTime,
  storeHoursCheck,
  zonedParts,
  type OrderEvent,
  type StoreHoursMap,
} from '@caterway/domain';
import { withTransaction, type Db } from './db/pool.js';
import { demoAddress, insertDemoUser } from './db/seed/demo.js';
import { fixedClock, type Clock } from './lib/clock.js';
import { demoAccounts, demoRestaurantTeam } from './lib/demo-accounts.js';
import { hashPassword } from './lib/passwords.js';
import type { Invoicing } from './modules/invoices/invoices.service.js';
import { applyOrderEvent } from './modules/order-lifecycle/lifecycle.repository.js';
import type { OrderPayload } from './modules/orders/order-checks.js';
import { composeOrders } from './modules/orders/orders.compose.js';
import type { Mailer } from './ports/email.js';
import type { Geocoder } from './ports/geocoder.js';
import type { PaymentProvider } from './ports/payments.js';

const DEMO_ORDERS_LOCK_KEY = 727_010;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

interface Candidate {
  preset_id: number;
  chef_id: number;
  latitude: number;
  longitude: number;
  time_zone: string;
  pre_order_notice_hours: number;
  store_hours: StoreHoursMap;
  lines: { id: number; menu_id: number; quantity: number; menu_items_mapping: Record<string, number> }[];
}

/** A planned order: when it was placed, how late its delivery may be, what happened to it. */
interface Plan {
  label: string;
  placedAgo: number;
  /** the delivery is the first lunch slot at least this long after placing */
  deliveryAfterPlaced: number;
  events: OrderEvent[];
  /** paid out at processing time (the capture a processing job does) */
  captured: boolean;
  cutlery: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The history is placed and paid, never lowered after capture: it needs no credit note. Its
 * invoices are issued like any order's, at their first download (docs/decisions/034).
 */
const noDocuments: Invoicing = {
  issue: () => Promise.reject(new Error('the demo order history issues no invoice')),
  credit: () => Promise.reject(new Error('the demo order history issues no credit note')),
};

/** The first open half-hour at or after `after`, preferring 11:00-13:30 local (a catered lunch). */
function lunchSlot(c: Candidate, after: Date): { date: string; time: string; at: Date } | null {
  const start = Math.ceil(after.getTime() / (30 * 60_000)) * 30 * 60_000;
  let fallback: Date | null = null;
  for (let t = start; t < start + 21 * DAY; t += 30 * 60_000) {
    const at = new Date(t);
    if (!calendarHoursCheck(c.store_hours, at, c.time_zone).ok) continue;
    const p = zonedParts(at, c.time_zone);
    const minute = p.hour * 60 + p.minute;
    if (minute >= 11 * 60 && minute <= 13 * 60 + 30) return { ...slotStrings(at, c.time_zone), at };
    fallback ??= at;
  }
  return fallback ? { ...slotStrings(fallback, c.time_zone), at: fallback } : null;
}

function slotStrings(at: Date, zone: string) {
  const p = zonedParts(at, zone);
  return {
    date: `${p.year}-${pad2(p.month)}-${pad2(p.day)}`,
    time: formatStoreTime(`${pad2(p.hour)}:${pad2(p.minute)}`),
  };
}

export async function ensureDemoOrderHistory(
  db: Db,
  deps: { payments: PaymentProvider; geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>; clock: Clock; log: Log },
): Promise<{ created: number }> {
  const customer = demoAccounts.find((a) => a.role === 'customer')!;
  const { rows: users } = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    customer.email,
  ]);
  const user = users[0];
  if (!user) return { created: 0 };
  if (!deps.payments.createCardPaymentMethod) {
    deps.log.info({}, 'demo order history needs the sandbox payment provider; skipped');
    return { created: 0 };
  }
  const lock = await db.connect();
  try {
    // two processes starting together: one seeds, the other then finds the orders
    await lock.query('SELECT pg_advisory_lock($1)', [DEMO_ORDERS_LOCK_KEY]);
    const { rowCount } = await db.query(
      `SELECT 1 FROM catering_orders WHERE user_id = $1 AND status <> 'draft' LIMIT 1`,
      [user.id],
    );
    if (rowCount) return { created: 0 };
    return { created: await seed(db, user.id, deps) };
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [DEMO_ORDERS_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

async function candidates(db: Db): Promise<Candidate[]> {
  const { rows } = await db.query<Candidate>(
    `SELECT p.id AS preset_id, c.id AS chef_id, c.latitude, c.longitude, c.time_zone, c.pre_order_notice_hours, c.store_hours,
            (SELECT json_agg(json_build_object('id', i.id, 'menu_id', i.menu_id, 'quantity', i.quantity, 'menu_items_mapping', i.menu_items_mapping) ORDER BY i.position, i.id)
               FROM preset_items i WHERE i.preset_id = p.id) AS lines
       FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id AND pc.position = 0 JOIN chefs c ON c.id = pc.chef_id
      WHERE p.preset_type IN ('restaurant', 'catering') AND p.is_active AND c.city = 'Toronto' AND c.store_hours <> '{}'::jsonb
        AND jsonb_array_length(c.delivery_fee_ranges) > 0 AND NOT c.eft_enabled AND c.addon_maximum_items_qty > 0
        AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = 1
        AND EXISTS (SELECT 1 FROM preset_items i WHERE i.preset_id = p.id)
      ORDER BY p.id LIMIT 40`,
  );
  return rows;
}

async function seed(
  db: Db,
  userId: number,
  deps: { payments: PaymentProvider; geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>; clock: Clock; log: Log },
): Promise<number> {
  const now = deps.clock.now();
  const plans: Plan[] = [
    {
      label: 'delivered and settled',
      placedAgo: 38 * DAY,
      deliveryAfterPlaced: 4 * DAY,
      events: ['accept', 'mark_delivery_ready', 'mark_delivered', 'settle'],
      captured: true,
      cutlery: 25,
    },
    {
      label: 'delivered',
      placedAgo: 19 * DAY,
      deliveryAfterPlaced: 3 * DAY,
      events: ['accept', 'mark_delivery_ready', 'mark_delivered'],
      captured: true,
      cutlery: 12,
    },
    {
      label: 'delivered last week',
      placedAgo: 9 * DAY,
      deliveryAfterPlaced: 3 * DAY,
      events: ['accept', 'mark_delivery_ready', 'mark_delivered'],
      captured: true,
      cutlery: 0,
    },
    // past its processing time, delivery still ahead: 'Your order is being prepared for delivery!'
    {
      label: 'being prepared',
      placedAgo: 3 * DAY,
      deliveryAfterPlaced: 3 * DAY + 2 * HOUR,
      events: ['accept'],
      captured: true,
      cutlery: 15,
    },
    {
      label: 'accepted',
      placedAgo: HOUR,
      deliveryAfterPlaced: 5 * DAY,
      events: ['accept'],
      captured: false,
      cutlery: 20,
    },
    {
      label: 'accepted, later',
      placedAgo: 2 * DAY,
      deliveryAfterPlaced: 14 * DAY,
      events: ['accept'],
      captured: false,
      cutlery: 30,
    },
    { label: 'new', placedAgo: 0, deliveryAfterPlaced: 8 * DAY, events: [], captured: false, cutlery: 10 },
  ];
  const quietMailer: Mailer = { transport: 'outbox', send: async () => {} };
  const pool = await candidates(db);
  let created = 0;
  for (const [i, plan] of plans.entries()) {
    const placedAt = new Date(now.getTime() - plan.placedAgo);
    let done = false;
    // each plan tries restaurants in turn (rotating, for variety) until one takes the order
    for (let k = 0; k < pool.length && !done; k++) {
      const c = pool[(i * 3 + k) % pool.length]!;
      const slot = lunchSlot(
        c,
        new Date(placedAt.getTime() + Math.max(plan.deliveryAfterPlaced, (c.pre_order_notice_hours + 1) * HOUR)),
      );
      if (!slot) continue;
      const processingAt = slot.at.getTime() - c.pre_order_notice_hours * HOUR;
      if (plan.label === 'being prepared' && !(processingAt <= now.getTime() && slot.at.getTime() > now.getTime()))
        continue;
      if (!plan.captured) {
        if (processingAt <= now.getTime()) continue;
      }
      try {
        await placeOne(db, userId, c, slot, placedAt, plan, deps, quietMailer, now);
        created++;
        done = true;
      } catch (err) {
        // this restaurant refuses the default cart at that time (minimum, hours): try the next one
        deps.log.warn(
          { err: { message: (err as Error).message }, plan: plan.label },
          'demo order not placed with this restaurant',
        );
      }
    }
    if (!done) deps.log.warn({ plan: plan.label }, 'demo order history: no restaurant took this order');
  }
  return created;
}

async function placeOne(
  db: Db,
  userId: number,
  c: Candidate,
  slot: { date: string; time: string; at: Date },
  placedAt: Date,
  plan: Plan,
  deps: { payments: PaymentProvider; geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>; log: Log },
  mailer: Mailer,
  now: Date,
): Promise<number> {
  const clock = fixedClock(placedAt);
  const { service } = composeOrders({
    db,
    payments: deps.payments,
    mailer,
    geocoder: deps.geocoder,
    clock,
    publicUrl: '',
    log: { error: () => undefined, warn: () => undefined },
    invoicing: noDocuments,
  });
  const customer = demoAccounts.find((a) => a.role === 'customer')!;
  const payload: OrderPayload = {
    preset_id: c.preset_id,
    num_cutlery: plan.cutlery,
    serving_style: plan.cutlery > 15 ? 'Family Style' : 'Individually Packaged',
    receiving_method: 'delivery',
    first_name: customer.firstName,
    last_name: customer.lastName,
    company_name: customer.companyName,
    phone_number: demoAddress.phone,
    email: customer.email,
    delivery_address: `${demoAddress.address1}, ${demoAddress.city}, ${demoAddress.province} ${demoAddress.zip}`,
    delivery_suite_address: 'Suite 5600',
    delivery_date: slot.date,
    delivery_time: slot.time,
    delivery_instruction: 'Leave with reception on the 56th floor',
    latitude: demoAddress.latitude,
    longitude: demoAddress.longitude,
    preset_items: c.lines.map((l) => ({
      id: l.id,
      menu_id: l.menu_id,
      quantity: l.quantity,
      menu_items_mapping: l.menu_items_mapping,
      special_instruction: '',
      serving_details: [],
    })),
  };
  const draft = await service.create(userId, payload, false);
  const pm = await deps.payments.createCardPaymentMethod!({
    number: '4242424242424242',
    expMonth: 12,
    expYear: placedAt.getUTCFullYear() + 4,
    cvc: '123',
    name: `${customer.firstName} ${customer.lastName}`,
  });
  await service.finalize(
    userId,
    draft.catering_order.id,
    { purchase_id: draft.catering_order.purchase_id, payment_method_id: pm.id, save_card: false },
    crypto.randomUUID(),
  );
  const orderId = draft.catering_order.id;

  // the order's life after payment, at plausible times: accepted two hours after placing,
  // ready an hour before delivery, delivered at delivery, settled a day later
  const at: Record<string, Date> = {
    accept: new Date(Math.min(placedAt.getTime() + 2 * HOUR, now.getTime())),
    mark_delivery_ready: new Date(slot.at.getTime() - HOUR),
    mark_delivered: slot.at,
    settle: new Date(slot.at.getTime() + DAY),
  };
  for (const event of plan.events) {
    const actor = event === 'settle' ? 'system' : 'staff';
    await withTransaction(db, (tx) =>
      applyOrderEvent(tx, { orderId, event, actor, actorUserId: null, now: at[event]!, note: 'demo history' }),
    );
  }
  if (plan.captured) {
    // what the processing job does at orderProcessingAt: capture the held amount
    const { rows } = await db.query<{ payment_intent_id: string; total_cents: number; order_processing_at: Date }>(
      'SELECT payment_intent_id, total_cents, order_processing_at FROM catering_orders WHERE id = $1',
      [orderId],
    );
    const order = rows[0]!;
    await deps.payments.capturePaymentIntent(order.payment_intent_id, {
      idempotencyKey: `catering-order-${orderId}-capture`,
    });
    await db.query(
      `UPDATE catering_orders SET payment_status = 'captured', processing = 'processed', captured_cents = total_cents, authorized_cents = 0,
              editable = false, updated_at = $2 WHERE id = $1`,
      [orderId, order.order_processing_at],
    );
  }
  // the rows carry the times they would have had
  await db.query('UPDATE catering_orders SET created_at = $2, paid_at = $2 WHERE id = $1', [orderId, placedAt]);
  return orderId;
}

/**
 * The demo restaurant team (issue 19): its account, owner of the first two demo restaurants that
 * take the demo cart, and a few of the demo customer's orders waiting for its answer, so that a
 * newcomer can try both sides at once. Made once, also on a database seeded by an older version:
 * an account that exists is left as it is (its restaurants, its password).
 */
export async function ensureDemoRestaurantTeam(
  db: Db,
  deps: { payments: PaymentProvider; geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>; clock: Clock; log: Log },
): Promise<{
  restaurants: string[];
  waiting: number;
  delivered: number;
  nearCapacity: { restaurant: string; chefId: number; slot: string } | null;
} | null> {
  const team = demoRestaurantTeam;
  const customer = demoAccounts.find((a) => a.role === 'customer')!;
  const lock = await db.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [DEMO_ORDERS_LOCK_KEY]);
    const exists = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [team.email]);
    if (exists.rowCount) return null;
    const { rows: customers } = await db.query<{ id: number }>(
      'SELECT id::int AS id FROM users WHERE lower(email) = lower($1)',
      [customer.email],
    );
    // one candidate per restaurant (a restaurant may have several presets)
    const pool = (await candidates(db)).filter((c, i, all) => all.findIndex((x) => x.chef_id === c.chef_id) === i);
    if (!customers[0] || pool.length < team.restaurants) return null;
    const chosen = pool.slice(0, team.restaurants);
    const passwordHash = await hashPassword(team.password);
    await withTransaction(db, async (tx) => {
      const userId = (await insertDemoUser(tx, team, passwordHash, 'customer'))!;
      for (const c of chosen)
        await tx.query(
          `INSERT INTO restaurant_members (chef_id, user_id, role) VALUES ($1, $2, 'owner') ON CONFLICT DO NOTHING`,
          [c.chef_id, userId],
        );
    });
    // the demo customer's orders waiting for the team, delivered next week: placed 12, 25 and 40 minutes
    // ago, so one is new, one reminded and one escalated to operations (an order nobody answers is
    // declined 2 hours after it arrived: decision 058)
    const now = deps.clock.now();
    const quietMailer: Mailer = { transport: 'outbox', send: async () => {} };
    let waiting = 0;
    for (let i = 0; i < team.waitingOrders; i++) {
      const c = chosen[i % chosen.length]!;
      const placedAt = new Date(now.getTime() - [12, 25, 40][i % 3]! * 60_000);
      const plan: Plan = {
        label: 'waiting for the restaurant',
        placedAgo: now.getTime() - placedAt.getTime(),
        deliveryAfterPlaced: (6 + i) * DAY,
        events: [],
        captured: false,
        cutlery: [40, 25, 60][i % 3]!,
      };
      const slot = lunchSlot(
        c,
        new Date(placedAt.getTime() + Math.max(plan.deliveryAfterPlaced, (c.pre_order_notice_hours + 1) * HOUR)),
      );
      if (!slot) continue;
      try {
        await placeOne(db, customers[0].id, c, slot, placedAt, plan, deps, quietMailer, now);
        waiting++;
      } catch (err) {
        deps.log.warn({ err: { message: (err as Error).message } }, 'demo order for the restaurant team not placed');
      }
    }
    // delivered orders for each restaurant, so that their statements (decision 057) show a period
    // with orders on the first visit: placed a few days before, delivered at lunch
    let delivered = 0;
    const deliveredIds: number[] = [];
    for (const [i, daysAgo] of team.deliveredDaysAgo.entries()) {
      const c = chosen[i % chosen.length]!;
      const placedAt = new Date(now.getTime() - (daysAgo + 3) * DAY);
      const plan: Plan = {
        label: 'delivered by the team',
        placedAgo: now.getTime() - placedAt.getTime(),
        deliveryAfterPlaced: 2 * DAY,
        events: ['accept', 'mark_delivery_ready', 'mark_delivered'],
        captured: true,
        cutlery: [20, 35, 12, 50][delivered % 4]!,
      };
      const slot = lunchSlot(
        c,
        new Date(placedAt.getTime() + Math.max(plan.deliveryAfterPlaced, (c.pre_order_notice_hours + 1) * HOUR)),
      );
      // only a delivery already past: a delivered order is never in the future
      if (!slot || slot.at.getTime() > now.getTime() - HOUR) continue;
      try {
        deliveredIds.push(await placeOne(db, customers[0].id, c, slot, placedAt, plan, deps, quietMailer, now));
        delivered++;
      } catch (err) {
        deps.log.warn({ err: { message: (err as Error).message } }, 'delivered demo order for the team not placed');
      }
    }
    // the team answered those in the portal, 6 to 18 minutes after they arrived: the restaurant
    // page's reliability line (issue 20) then has a record to show on the first visit
    await db.query(
      `UPDATE restaurant_requests r
          SET answered_via = 'portal', answered_at = r.created_at + make_interval(mins => (6 + (r.id % 5) * 3)::int)
        WHERE r.catering_order_id = ANY($1::bigint[]) AND r.answer = 'accepted'`,
      [deliveredIds],
    );
    // a restaurant near capacity: the last Toronto candidate, apart from the team's, so that the
    // browser tests' checkouts (the first Toronto restaurants, many at 11:30 the same day) stay free
    const busy = pool.length > team.restaurants + 1 ? pool[pool.length - 1] : undefined;
    const nearCapacity = busy ? await fillOneWindow(db, customers[0].id, busy, deps, quietMailer, now) : null;
    const { rows: names } = await db.query<{ name: string }>(
      'SELECT business_name AS name FROM chefs WHERE id = ANY($1::bigint[]) ORDER BY id',
      [chosen.map((c) => c.chef_id)],
    );
    return { restaurants: names.map((n) => n.name), waiting, delivered, nearCapacity };
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [DEMO_ORDERS_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/** The demo's restaurant near capacity: at most 2 orders a delivery window and 3 a day. */
export const demoCapacity = { unit: 'orders', perDay: 3, perWindow: 2, windowMinutes: 60 } as const;

/**
 * One restaurant near capacity, so a newcomer sees a limit at work (as a customer, and in the
 * portal as operations): two accepted orders of the demo customer in its 12:00-13:00 window on the first open day a week on, then a limit of 2
 * orders a window and 3 a day. That window is full (checkout offers the next time with room) and
 * the day has one place left (decision 050). Answers the slot, or null when none fits.
 */
async function fillOneWindow(
  db: Db,
  userId: number,
  c: Candidate,
  deps: { payments: PaymentProvider; geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>; log: Log },
  mailer: Mailer,
  now: Date,
): Promise<{ restaurant: string; chefId: number; slot: string } | null> {
  const first = lunchSlot(c, new Date(now.getTime() + 8 * DAY));
  if (!first) return null;
  const slots = ['12:00', '12:30'].map((time) => ({ time, at: deliveryInstant(first.date, time, c.time_zone) }));
  if (slots.some((s) => !s.at || !storeHoursCheck(c.store_hours, s.at, c.time_zone).ok)) return null;
  for (const [i, s] of slots.entries()) {
    const plan: Plan = {
      label: 'near capacity',
      placedAgo: (3 - i) * HOUR,
      deliveryAfterPlaced: 0,
      events: ['accept'],
      captured: false,
      cutlery: 30,
    };
    try {
      const at = s.at!;
      await placeOne(
        db,
        userId,
        c,
        { date: first.date, time: formatStoreTime(s.time), at },
        new Date(now.getTime() - plan.placedAgo),
        plan,
        deps,
        mailer,
        now,
      );
    } catch (err) {
      deps.log.warn({ err: { message: (err as Error).message } }, 'demo order near capacity not placed');
      return null;
    }
  }
  await db.query(
    `INSERT INTO restaurant_capacity (chef_id, unit, per_day, per_window, window_minutes)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (chef_id) DO NOTHING`,
    [c.chef_id, demoCapacity.unit, demoCapacity.perDay, demoCapacity.perWindow, demoCapacity.windowMinutes],
  );
  const { rows } = await db.query<{ name: string }>('SELECT business_name AS name FROM chefs WHERE id = $1', [
    c.chef_id,
  ]);
  return { restaurant: rows[0]!.name, chefId: c.chef_id, slot: `${first.date} 12:00` };
}
