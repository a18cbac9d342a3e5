// Helpers for the order integration tests (not loaded by the app): a restaurant of the demo
// catalogue, a valid checkout payload for it, and sandbox cards.
import type pg from 'pg';
import type { OrderPayload } from '@caterway/contracts';
import { formatStoreTime, parseTimeOfDay, zonedParts, type StoreHoursMap, type StoreWeekday } from '@caterway/domain';
import { createDemoTestApp } from '../../../test/helpers.js';
import type { Db } from '../../db/pool.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { signedInUser } from '../auth/auth.test-helpers.js';

export interface RestaurantFixture {
  presetId: number;
  presetType: string;
  presetMinimumCents: number;
  chef: {
    id: number;
    business_name: string;
    latitude: number;
    longitude: number;
    time_zone: string;
    pre_order_notice_hours: number;
    pre_order_min_order_amount_cents: number;
    /** the taxes of a Toronto delivery (the fixtures deliver in Toronto): ON HST 13% */
    tax_rate: number;
    tax_name: string;
    delivery_fee_ranges: { min_km: number; max_km: number; fee_cents: number }[];
    store_hours: StoreHoursMap;
    delivery_radius_km: number;
  };
  lines: { id: number; menu_id: number; quantity: number; menu_items_mapping: Record<string, number> }[];
  menus: Map<
    number,
    {
      id: number;
      name: string;
      price_cents: number;
      min_order_amount: number;
      items: { id: number; price_cents: number }[];
    }
  >;
}

/** A Toronto (or another city's) restaurant preset whose chef has store hours, fee ranges and a minimum. */
export async function restaurantFixture(
  db: Db,
  options: {
    eft?: boolean;
    presetType?: 'restaurant' | 'catering';
    chefs?: number;
    city?: string;
    sellsSoda?: boolean;
  } = {},
): Promise<RestaurantFixture> {
  const { rows } = await db.query(
    `SELECT p.id AS preset_id, p.preset_type, p.minimum_order_amount_cents, c.id, c.business_name, c.latitude, c.longitude, c.time_zone,
            c.pre_order_notice_hours, c.pre_order_min_order_amount_cents, c.delivery_fee_ranges,
            c.store_hours, c.delivery_radius_km
       FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id AND pc.position = 0 JOIN chefs c ON c.id = pc.chef_id
      WHERE p.preset_type = $1 AND p.is_active AND c.city = $4
        AND (NOT $5 OR EXISTS (SELECT 1 FROM menus s WHERE s.chef_id = c.id AND s.tax_category = 'soda_beverage' AND NOT s.is_deleted))
        AND jsonb_array_length(c.delivery_fee_ranges) > 0 AND c.store_hours <> '{}'::jsonb
        AND c.pre_order_min_order_amount_cents > 0 AND c.eft_enabled = $2
        AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = $3
      ORDER BY p.id LIMIT 1`,
    [
      options.presetType ?? 'restaurant',
      options.eft ?? false,
      options.chefs ?? 1,
      options.city ?? 'Toronto',
      options.sellsSoda ?? false,
    ],
  );
  const r = rows[0];
  if (!r) throw new Error('no matching preset in the demo catalogue');
  const { rows: lines } = await db.query(
    'SELECT id, menu_id, quantity, menu_items_mapping FROM preset_items WHERE preset_id = $1 ORDER BY position, id',
    [r.preset_id],
  );
  const { rows: menus } = await db.query(
    `SELECT m.id, m.name, m.price_cents, m.min_order_amount,
            COALESCE((SELECT json_agg(json_build_object('id', mi.id, 'price_cents', mi.price_cents)) FROM menu_items mi WHERE mi.menu_id = m.id), '[]') AS items
       FROM menus m WHERE m.chef_id = $1`,
    [r.id],
  );
  return fixtureOf(r, lines, new Map(menus.map((m) => [m.id, m])));
}

/** A fixture from a row of presets joined with its lead chef (the columns of restaurantFixture's query). */
export function fixtureOf(
  r: pg.QueryResultRow,
  lines: RestaurantFixture['lines'],
  menus: RestaurantFixture['menus'] = new Map(),
): RestaurantFixture {
  return {
    presetId: Number(r.preset_id),
    presetType: r.preset_type,
    presetMinimumCents: r.minimum_order_amount_cents,
    chef: {
      id: Number(r.id),
      business_name: r.business_name,
      latitude: r.latitude,
      longitude: r.longitude,
      time_zone: r.time_zone,
      pre_order_notice_hours: r.pre_order_notice_hours,
      pre_order_min_order_amount_cents: r.pre_order_min_order_amount_cents,
      tax_rate: 13,
      tax_name: 'HST',
      delivery_fee_ranges: r.delivery_fee_ranges,
      store_hours: r.store_hours,
      delivery_radius_km: Number(r.delivery_radius_km),
    },
    lines,
    menus,
  };
}

const WEEKDAYS: StoreWeekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The first open day at least `afterHours` after now (Toronto wall time), with a time one hour
 * after opening: a delivery the store hours and the notice accept. closed: a closed day instead.
 */
export function deliverySlot(
  f: RestaurantFixture,
  now: Date,
  opts: { afterHours?: number; closed?: boolean; outside?: boolean } = {},
): { date: string; time: string } {
  const after = opts.afterHours ?? f.chef.pre_order_notice_hours + 24;
  for (let d = 0; d < 21; d++) {
    const p = zonedParts(new Date(now.getTime() + after * 3_600_000 + d * 86_400_000), f.chef.time_zone);
    const date = `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
    const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]!;
    const day = f.chef.store_hours[weekday];
    const open = Boolean(day?.enabled);
    if (opts.closed) {
      if (!open) return { date, time: '12:00 PM' };
      continue;
    }
    if (!open) continue;
    const start = parseTimeOfDay(day!.open)!;
    const close = parseTimeOfDay(day!.close)!;
    if (opts.outside) {
      if (start >= 60)
        return { date, time: formatStoreTime(`${pad2(Math.floor((start - 60) / 60))}:${pad2((start - 60) % 60)}`) };
      continue;
    }
    const t = Math.min(start + 60, close);
    return { date, time: formatStoreTime(`${pad2(Math.floor(t / 60))}:${pad2(t % 60)}`) };
  }
  throw new Error('no matching day');
}

/** A delivery payload for the preset's default cart, a kilometre or so from the chef. */
export function orderPayload(f: RestaurantFixture, now: Date, overrides: Partial<OrderPayload> = {}): OrderPayload {
  const slot = deliverySlot(f, now);
  return {
    preset_id: f.presetId,
    num_cutlery: 10,
    serving_style: 'Individually Packaged',
    receiving_method: 'delivery',
    first_name: 'Dana',
    last_name: 'Morgan',
    company_name: 'Northwind Consulting',
    phone_number: '416-555-0101',
    email: 'dana@example.com',
    delivery_address: '100 King St W, Toronto, ON',
    delivery_suite_address: 'Suite 500',
    delivery_date: slot.date,
    delivery_time: slot.time,
    delivery_instruction: 'Front desk',
    latitude: f.chef.latitude + 0.005,
    longitude: f.chef.longitude,
    preset_items: f.lines.map((l) => ({
      id: l.id,
      menu_id: l.menu_id,
      quantity: l.quantity,
      // a copy: tests change a payload's quantities, never the fixture's
      menu_items_mapping: { ...l.menu_items_mapping },
      special_instruction: '',
      serving_details: [],
    })),
    ...overrides,
  };
}

/** An add-on checkout's cart (update_addon_order): the given lines, by default the preset's first. */
export function addOnCart(
  f: RestaurantFixture,
  now: Date,
  lines: OrderPayload['preset_items'] = orderPayload(f, now).preset_items.slice(0, 1),
) {
  return {
    preset_items: lines,
    num_cutlery: 0,
    serving_style: 'Individually Packaged' as const,
    first_name: 'Dana',
    last_name: 'Morgan',
    phone_number: '416-555-0101',
    email: 'dana@example.com',
  };
}

/** What the preset's default cart costs, priced here independently of the API. */
export function expectedSubtotal(f: RestaurantFixture, lines: OrderPayload['preset_items']): number {
  return lines.reduce((sum, l) => {
    const menu = f.menus.get(l.menu_id)!;
    const items = Object.entries(l.menu_items_mapping ?? {}).reduce(
      (s, [id, q]) => s + menu.items.find((i) => i.id === Number(id))!.price_cents * q,
      0,
    );
    return sum + menu.price_cents * l.quantity + items;
  }, 0);
}

export const cards = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  insufficient: '4000000000009995',
} as const;

export async function sandboxCard(payments: PaymentProvider, number: string): Promise<string> {
  const pm = await payments.createCardPaymentMethod!({ number, expMonth: 12, expYear: 2030, cvc: '123' });
  return pm.id;
}

/** The app on the demo catalogue at a fixed instant, its Toronto restaurant and a signed-in customer. */
export async function demoOrderSetup(now: Date) {
  const ctx = await createDemoTestApp(now);
  const f = await restaurantFixture(ctx.db);
  const user = await signedInUser(ctx.app, ctx.db);
  return { ctx, f, user };
}
