import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import type { PresetDetail } from '@caterway/contracts';
import { expect, demoCustomer } from './fixtures';

// Setup for the order-edit and add-on journeys: a placed order made through the API (sign-in,
// checkout create, a sandbox card, finalize), then accepted by staff through the operations
// console's API. The e2e server's database (the embedded PostgreSQL of scripts/e2e-server.mjs
// under .tmp/e2e-data) is read to check results and to move clocks that no API moves (a parent
// delivery in the past).

type Hours = PresetDetail['store_hours'];
const weekdays: (keyof Hours)[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The e2e server's database (port from the embedded server's postmaster.pid, password from the data folder). */
export async function e2eDb(): Promise<pg.Client> {
  const pidFile = path.resolve(process.cwd(), '.tmp/e2e-data/postgres/postmaster.pid');
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  const { superuser_password: password } = JSON.parse(
    fs.readFileSync(path.resolve(process.cwd(), '.tmp/e2e-data/postgres-credentials.json'), 'utf8'),
  ) as { superuser_password: string };
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'caterway', password, database: 'caterway' });
  await client.connect();
  return client;
}

/** The demo customer signs in through the header's Sign In dialog. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}

/** One sign-in per worker: the API slows repeated sign-ins from one address (429), as it should. */
let customerToken: Promise<string> | null = null;

export async function apiToken(request: APIRequestContext): Promise<string> {
  customerToken ??= (async () => {
    const res = await request.post('/user_token', {
      data: { auth: { email: demoCustomer.email, password: demoCustomer.password } },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    return ((await res.json()) as { jwt: string }).jwt;
  })().catch((error: unknown) => {
    customerToken = null;
    throw error;
  });
  return customerToken;
}

/**
 * The first day from 3 days ahead with an 11:30 delivery: within 6 days, so the card is authorised
 * at checkout (further ahead it is only kept and authorised 5 days before delivery, decision 027).
 */
export function dayAt1130(preset: Pick<PresetDetail, 'store_hours'>): string | null {
  for (let i = 3; i < 19; i++) {
    const d = new Date();
    d.setDate(d.getDate() + i);
    const h = preset.store_hours[weekdays[d.getDay()]!];
    if (h && h.enabled && h.open <= '11:30' && h.close >= '11:30') return iso(d);
  }
  return null;
}

/** The storefront's delivery choice, as its header keeps it: 100 King St W, Toronto, at 11:30 AM on `date`. */
export async function chooseDelivery(page: Page, date: string): Promise<void> {
  await page.evaluate((day) => {
    localStorage.setItem('delivery_date', day);
    localStorage.setItem('delivery_time', '11:30 AM');
    localStorage.setItem('address', '100 King St W, Toronto, ON');
    localStorage.setItem('lat', '43.6487');
    localStorage.setItem('lng', '-79.3817');
    localStorage.setItem('caterway.receiving_method', 'delivery');
  }, date);
}

export interface PlacedOrder {
  id: number;
  purchaseId: string;
  preset: PresetDetail;
  paymentMethodId: string;
}

/**
 * A paid (New) delivery order of the demo customer from a one-chef Toronto restaurant preset with
 * add-ons; with pay: false, the order as checkout creates it and a sandbox card to pay it with.
 * numCutlery: the cutlery pieces ordered (default 0).
 */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  db: pg.Client,
  options: { pay?: boolean; numCutlery?: number } = {},
): Promise<PlacedOrder> {
  const auth = { authorization: `Bearer ${token}` };
  // restaurant pages are reached by search, not the home lists: read candidates from the catalogue
  const { rows } = await db.query<{ slug: string }>(
    `SELECT p.slug FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
      WHERE p.preset_type = 'restaurant' AND p.is_active AND c.city = 'Toronto' AND c.addon_maximum_items_qty >= 2
        AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = 1
      ORDER BY p.id LIMIT 40`,
  );
  for (const { slug } of rows) {
    const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
    const chef = preset.chefs[0];
    const date = dayAt1130(preset);
    if (
      preset.chefs.length !== 1 ||
      !chef ||
      chef.city !== 'Toronto' ||
      chef.addon_maximum_items_qty < 2 ||
      preset.pre_order_notice_hour > 48 ||
      !date
    )
      continue;
    if (chef.menus.filter((m) => !m.is_deleted).length < preset.preset_items.length + 3) continue;
    const created = await request.post('/api/v2/catering_orders', {
      headers: auth,
      data: {
        is_eft: false,
        catering_order: {
          preset_id: preset.id,
          num_cutlery: options.numCutlery ?? 0,
          serving_style: 'Individually Packaged',
          receiving_method: 'delivery',
          first_name: 'Dana',
          last_name: 'Demo',
          company_name: 'Maple Analytics',
          phone_number: '416-555-0142',
          email: demoCustomer.email,
          delivery_address: '100 King St W, Toronto, ON',
          delivery_suite_address: 'Suite 500',
          delivery_date: date,
          delivery_time: '11:30',
          delivery_instruction: 'Front desk',
          latitude: 43.6487,
          longitude: -79.3817,
          preset_items: preset.preset_items.map((i) => ({
            id: i.id,
            menu_id: i.menu_id,
            quantity: i.quantity,
            menu_items_mapping: i.menu_items_mapping,
          })),
        },
      },
    });
    if (created.status() !== 201) continue; // a minimum or the delivery radius: the next preset
    const order = ((await created.json()) as { catering_order: { id: number; purchase_id: string } }).catering_order;
    const card = await request.post('/api/v2/sandbox/payment_methods', {
      data: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const pm = ((await card.json()) as { payment_method: { id: string } }).payment_method.id;
    if (options.pay === false) return { id: order.id, purchaseId: order.purchase_id, preset, paymentMethodId: pm };
    const paid = await request.post(`/api/v2/catering_orders/${order.id}/finalize`, {
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      data: { purchase_id: order.purchase_id, payment_method_id: pm },
    });
    if (!paid.ok()) throw new Error(`finalize failed: ${paid.status()} ${await paid.text()}`);
    return { id: order.id, purchaseId: order.purchase_id, preset, paymentMethodId: pm };
  }
  throw new Error('no orderable Toronto restaurant preset in the demo data');
}

/** The operations console's Accept, through its API as the demo staff account. */
export async function acceptAsStaff(request: APIRequestContext, orderId: number): Promise<void> {
  const signedIn = await request.post('/user_token', {
    data: { auth: { email: 'ops@caterway.ca', password: 'Kitchen4Ops' } },
  });
  expect(signedIn.status()).toBe(200);
  const { jwt } = (await signedIn.json()) as { jwt: string };
  const res = await request.post(`/api/v2/ops/orders/${orderId}/events`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { event: 'accept' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function orderRow(db: pg.Client, orderId: number) {
  const { rows } = await db.query(
    'SELECT status, total_cents, authorized_cents, payment_intent_id, payment_method_id, payment_error, edit_version FROM catering_orders WHERE id = $1',
    [orderId],
  );
  return rows[0] as {
    status: string;
    total_cents: number;
    authorized_cents: number;
    payment_intent_id: string;
    payment_method_id: string;
    payment_error: string | null;
    edit_version: number;
  };
}
