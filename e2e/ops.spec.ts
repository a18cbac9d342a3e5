/// <reference lib="dom" />
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PresetDetail } from '@caterway/contracts';
import { test, expect, expectAccessible, demoCustomer } from './fixtures';

// Issue 5 item 1, the operations console: the demo customer's order is placed through the API
// (create + finalize with a sandbox card); a staff account signs in, opens the console from the
// greeting menu, accepts the order, marks it delivery-ready and delivered, and the history shows
// each step with who did it; the customer then finds the order under PAST and downloads its
// invoice. axe on the console. A customer never reaches /ops.

const staff = { email: 'ops@caterway.ca', password: 'Kitchen4Ops', firstName: 'Sam' };
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/user_token', { data: { auth: { email, password } } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { jwt: string }).jwt;
}

/**
 * A paid order of the demo customer: the first Toronto catering preset and day (5 to 18 days
 * ahead, 11:30 AM) the server accepts, paid with the sandbox's approved test card.
 */
async function placeOrder(
  request: APIRequestContext,
): Promise<{ id: number; orderNumber: string; deliveryDate: string }> {
  const jwt = await apiSignIn(request, demoCustomer.email, demoCustomer.password);
  const headers = { authorization: `Bearer ${jwt}` };
  const list = (await (await request.get('/api/v2/presets')).json()) as {
    presets: { all_presets: [string, { slug: string; preset_type: string }[]][] };
  };
  const slugs = [
    ...new Set(
      list.presets.all_presets
        .flatMap(([, p]) => p)
        .filter((p) => p.preset_type === 'catering')
        .map((p) => p.slug),
    ),
  ];
  for (const slug of slugs.slice(0, 12)) {
    const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
    const chef = preset.chefs[0];
    if (preset.chefs.length !== 1 || !chef || chef.city !== 'Toronto' || chef.eft_enabled) continue;
    for (let days = 5; days < 19; days++) {
      const day = new Date();
      day.setDate(day.getDate() + days);
      const created = await request.post('/api/v2/catering_orders', {
        headers,
        data: {
          is_eft: false,
          catering_order: {
            preset_id: preset.id,
            num_cutlery: 5,
            serving_style: 'Individually Packaged',
            receiving_method: 'delivery',
            first_name: 'Dana',
            last_name: 'Morgan',
            company_name: 'Northwind Consulting',
            phone_number: '416-555-0142',
            email: demoCustomer.email,
            delivery_address: '100 King St W, Toronto, ON',
            delivery_suite_address: 'Suite 500',
            delivery_date: iso(day),
            delivery_time: '11:30 AM',
            delivery_instruction: 'Front desk',
            onsite_contact_name: 'Lee Chan',
            onsite_contact_phone: '416-555-0123',
            po_number: 'PO-4471',
            latitude: 43.6487,
            longitude: -79.3817,
            preset_items: preset.preset_items.map((i) => ({
              id: i.id,
              menu_id: i.menu_id,
              quantity: i.quantity,
              menu_items_mapping: i.menu_items_mapping,
              special_instruction: '',
              serving_details: [],
            })),
          },
        },
      });
      if (created.status() !== 201) break; // this preset's cart or hours do not fit: next preset
      const order = ((await created.json()) as { catering_order: { id: number; purchase_id: string } }).catering_order;
      const card = await request.post('/api/v2/sandbox/payment_methods', {
        data: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      });
      expect(card.status()).toBe(200);
      const pm = ((await card.json()) as { payment_method: { id: string } }).payment_method.id;
      const paid = await request.post(`/api/v2/catering_orders/${order.id}/finalize`, {
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        data: { purchase_id: order.purchase_id, payment_method_id: pm },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const body = (await paid.json()) as { catering_order: { order_number: string } };
      return { id: order.id, orderNumber: body.catering_order.order_number, deliveryDate: iso(day) };
    }
  }
  throw new Error('no Toronto catering preset accepted an order');
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password').fill(who.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}

/** A staff session put on the device the way the sign-in form stores it (the phone's menu is not under test here). */
async function storeSession(page: Page, request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/user_token', { data: { auth: { email: who.email, password: who.password } } });
  expect(res.status()).toBe(200);
  const { jwt, user } = (await res.json()) as {
    jwt: string;
    user: {
      id: number;
      first_name: string;
      last_name: string;
      email: string;
      confirmed: boolean;
      role: string;
      admin_token: string | null;
    };
  };
  await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('caterway.user', JSON.stringify(stored)), {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    confirmed: user.confirmed,
    role: user.role,
    adminToken: user.admin_token,
    jwt,
  });
}

/** From the console page: find the order, accept, delivery-ready, delivered; the history. */
async function runOrderThroughConsole(page: Page, order: { orderNumber: string; deliveryDate: string }) {
  await expect(page.getByRole('heading', { name: 'Operations console', level: 1 })).toBeVisible();
  await page.getByLabel('Delivery from').fill(order.deliveryDate);
  await page.getByLabel('Delivery to').fill(order.deliveryDate);
  await page.getByRole('button', { name: 'Show orders' }).click();
  const card = page.getByRole('article', { name: order.orderNumber });
  await expect(card).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByText('Dana Morgan, Northwind Consulting')).toBeVisible();
  // what the restaurant is told: who receives the food, and the buyer's PO number
  await expect(card.getByRole('link', { name: '416-555-0123' })).toHaveAttribute('href', 'tel:4165550123');
  await expect(card.getByText('PO-4471', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // decline asks first; keeping the order changes nothing
  await card.getByRole('button', { name: 'Decline' }).click();
  const confirm = page.getByRole('dialog', { name: `Decline order ${order.orderNumber}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'No, keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByText('New', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNumber}: Accepted.`)).toBeVisible();
  // keyboard: the next action is focused and pressed with the keyboard
  const ready = card.getByRole('button', { name: 'Mark delivery-ready' });
  await ready.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('Delivery Ready', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Show history' }).click();
  const history = card.getByRole('region', { name: `History of order ${order.orderNumber}` });
  const rows = history.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(`Customer ${demoCustomer.email}`);
  await expect(rows.nth(0)).toContainText('pay (draft → New)');
  await expect(rows.nth(1)).toContainText(`Staff ${staff.email}`);
  await expect(rows.nth(1)).toContainText('accept (New → Accepted)');
  await expect(rows.nth(2)).toContainText('mark delivery ready (Accepted → DeliveryReady)');
  await expect(rows.nth(3)).toContainText(`Staff ${staff.email}`);
  await expect(rows.nth(3)).toContainText('mark delivered (DeliveryReady → Delivered)');
  await expectAccessible(page);
}

test('staff accept an order, mark it delivery-ready and delivered; the history shows who and when', async ({
  page,
  request,
}) => {
  const order = await placeOrder(request);
  await signIn(page, staff);
  await page.getByRole('button', { name: `Hi, ${staff.firstName}` }).click();
  await page.getByRole('link', { name: 'Operations console' }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await runOrderThroughConsole(page, order);

  // the customer was emailed on acceptance and on delivery
  const mails = (await (
    await request.get(`/api/v2/dev/mailbox?to=${encodeURIComponent(demoCustomer.email)}`)
  ).json()) as { emails: { subject: string }[] };
  const subjects = mails.emails.map((m) => m.subject);
  expect(subjects).toContain(`Your Caterway order ${order.orderNumber} was accepted`);
  expect(subjects).toContain(`Your Caterway order ${order.orderNumber} was delivered`);

  // then the customer finds it under PAST and downloads its invoice
  await page.getByRole('button', { name: `Hi, ${staff.firstName}` }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, demoCustomer);
  await page.goto('/my-orders');
  await page.getByRole('tab', { name: 'PAST' }).click();
  await page.getByRole('button', { name: new RegExp(`Order #${order.orderNumber}`) }).click();
  const modal = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`order_${order.id}.pdf`);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('at 360 px the console works by touch and stays accessible @phone-only', async ({ page, request }) => {
  const order = await placeOrder(request);
  await storeSession(page, request, staff);
  await page.goto('/ops');
  await runOrderThroughConsole(page, order);
  // nothing wider than the screen
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a customer has no console: no menu entry, and /ops goes back home', async ({ page }) => {
  await signIn(page, demoCustomer);
  await page.getByRole('button', { name: `Hi, ${demoCustomer.firstName}` }).click();
  await expect(page.getByRole('link', { name: 'Operations console' })).toHaveCount(0);
  await page.goto('/ops');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Operations console' })).toHaveCount(0);
});
