import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PresetDetail } from '@caterway/contracts';
import { test, expect, expectAccessible, uniqueEmail } from './fixtures';

// Issue 5 items 7-9: spend reports, the favourites page and account settings, each for a fresh
// confirmed user. Setup goes through the real API: sign up, confirm from the development mailbox,
// and place orders with create + finalize (the sandbox card 4242..., saved on the first order and
// reused, like a returning customer paying with a saved card). axe runs on every page; the
// @phone journeys run at 360 px too.

const PASSWORD = 'Lunch4Forty';
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

interface Account {
  email: string;
  jwt: string;
  firstName: string;
  /** the signed-in user as the storefront stores it */
  stored: Record<string, unknown>;
}

/** Signs up through the API, follows the emailed confirmation link and signs in. */
async function freshAccount(request: APIRequestContext, firstName = 'Priya'): Promise<Account> {
  const email = uniqueEmail(firstName.toLowerCase());
  const signUp = await request.post('/api/v2/users', {
    data: {
      user: {
        first_name: firstName,
        last_name: 'Raman',
        email,
        phone: '416-555-0142',
        company_name: 'Maple Analytics',
        address1: '100 King St W, Toronto, ON',
        latitude: 43.6487,
        longitude: -79.3817,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    },
  });
  expect(signUp.status()).toBe(201);
  let link: string | undefined;
  await expect(async () => {
    const { emails } = (await (await request.get('/api/v2/dev/mailbox', { params: { to: email } })).json()) as {
      emails: { id: number }[];
    };
    for (const e of emails) {
      const detail = (await (await request.get(`/api/v2/dev/mailbox/${e.id}`)).json()) as {
        email: { text_body: string };
      };
      link = detail.email.text_body.match(/https?:\/\/\S+confirmation_token=[^\s"<>)]+/)?.[0];
      if (link) break;
    }
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const confirm = await request.get(new URL(link!).pathname + new URL(link!).search, { maxRedirects: 0 });
  expect(confirm.headers().location).toMatch(/confirmed=ok/);
  const signIn = await request.post('/user_token', { data: { auth: { email, password: PASSWORD } } });
  expect(signIn.status()).toBe(200);
  const { jwt, user } = (await signIn.json()) as {
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
  const stored = {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    confirmed: user.confirmed,
    role: user.role,
    adminToken: user.admin_token,
    jwt,
  };
  return { email, jwt, firstName, stored };
}

/** Opens a page signed in with the account's session (the storefront keeps the user and its jwt in localStorage). */
async function signInPage(page: Page, account: Account, path: string) {
  await page.goto('/about-us');
  await page.evaluate((user) => localStorage.setItem('caterway.user', JSON.stringify(user)), account.stored);
  await page.goto(path);
}

/** Open days (11:30 AM deliveries) of the preset from 5 days ahead. */
function openDays(preset: PresetDetail, count: number): string[] {
  const days: string[] = [];
  for (let i = 5; i < 30 && days.length < count; i++) {
    const d = new Date();
    d.setDate(d.getDate() + i);
    const h = preset.store_hours[weekdays[d.getDay()]!];
    if (h && h.enabled && h.open <= '11:30' && h.close >= '11:30') days.push(iso(d));
  }
  if (days.length < count) throw new Error(`not enough open days for ${preset.slug}`);
  return days;
}

/** The default cart meets the chef's minimum, so the order API takes it as it is. */
function meetsChefMinimum(preset: PresetDetail): boolean {
  return preset.chefs.every((chef) => {
    const menus = new Map(chef.menus.map((m) => [m.id, m]));
    const subtotal = preset.preset_items
      .filter((i) => i.chef_id === chef.id)
      .reduce((sum, item) => {
        const menu = menus.get(item.menu_id)!;
        const extras = Object.entries(item.menu_items_mapping).reduce(
          (s, [id, q]) => s + (menu.menu_items.find((mi) => mi.id === Number(id))?.price_cents ?? 0) * q,
          0,
        );
        return sum + menu.price_cents * item.quantity + extras;
      }, 0);
    return subtotal >= chef.pre_order_min_order_amount_cents;
  });
}

/** A one-chef Toronto catering preset (the test address is downtown Toronto) without bank debit. */
async function torontoPreset(request: APIRequestContext): Promise<PresetDetail> {
  const body = (await (await request.get('/api/v2/presets')).json()) as {
    presets: { all_presets: [string, { slug: string; preset_type: string }[]][] };
  };
  const slugs = [
    ...new Set(
      body.presets.all_presets
        .flatMap(([, list]) => list)
        .filter((p) => p.preset_type === 'catering')
        .map((p) => p.slug),
    ),
  ];
  for (const slug of slugs) {
    const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
    const chef = preset.chefs[0];
    if (
      preset.chefs.length === 1 &&
      chef?.city === 'Toronto' &&
      !chef.eft_enabled &&
      preset.pre_order_notice_hour <= 48 &&
      meetsChefMinimum(preset)
    ) {
      try {
        openDays(preset, 2);
        return preset;
      } catch {
        // closed at 11:30 too often: next
      }
    }
  }
  throw new Error('no Toronto catering preset in the demo data');
}

/** Places (creates and pays) one order per date for the account; answers the order ids. */
async function placeOrders(
  request: APIRequestContext,
  account: Account,
  preset: PresetDetail,
  dates: string[],
): Promise<number[]> {
  const headers = { authorization: `Bearer ${account.jwt}` };
  const card = await request.post('/api/v2/sandbox/payment_methods', {
    data: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  expect(card.status()).toBe(200);
  const paymentMethodId = ((await card.json()) as { payment_method: { id: string } }).payment_method.id;
  const ids: number[] = [];
  for (const [i, date] of dates.entries()) {
    const created = await request.post('/api/v2/catering_orders', {
      headers,
      data: {
        is_eft: false,
        catering_order: {
          preset_id: preset.id,
          num_cutlery: 0,
          serving_style: 'Family Style',
          receiving_method: 'delivery',
          first_name: account.firstName,
          last_name: 'Raman',
          company_name: 'Maple Analytics',
          phone_number: '416-555-0142',
          email: account.email,
          delivery_address: '100 King St W, Toronto, ON',
          delivery_date: date,
          delivery_time: '11:30 AM',
          latitude: 43.6487,
          longitude: -79.3817,
          po_number: `PO-${i + 1}`,
          cost_centre: 'CC 210',
          preset_items: preset.preset_items.map((l) => ({
            id: l.id,
            menu_id: l.menu_id,
            quantity: l.quantity,
            menu_items_mapping: l.menu_items_mapping,
            special_instruction: '',
            serving_details: [],
          })),
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = ((await created.json()) as { catering_order: { id: number; purchase_id: string } }).catering_order;
    const paid = await request.post(`/api/v2/catering_orders/${order.id}/finalize`, {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      // the first payment saves the card; the others pay with the saved card
      data: { purchase_id: order.purchase_id, payment_method_id: paymentMethodId, save_card: i === 0 },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    ids.push(order.id);
  }
  return ids;
}

/** Nothing wider than the screen: a phone reads the page without scrolling sideways. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('reports: pages, filters by date and vendor, clears @phone', async ({ page, request }) => {
  const account = await freshAccount(request);
  const preset = await torontoPreset(request);
  const [dayA, dayB] = openDays(preset, 2);
  // 11 orders: 10 a page, so two pages; one of them on a later day
  await placeOrders(request, account, preset, [...Array<string>(10).fill(dayA!), dayB!]);
  const vendor = preset.chefs[0]!.business_name;

  let reportCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v2/user/user_catering_orders')) reportCalls++;
  });
  await signInPage(page, account, '/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Overview' })).toBeVisible();
  const table = page.getByRole('table');
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows).toHaveCount(10);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await expect(table.getByRole('cell', { name: vendor }).first()).toBeVisible();
  // every order links to its page in a new tab; none is delivered yet, so no PDF
  const details = table.getByRole('link', { name: /View Details/ }).first();
  await expect(details).toHaveAttribute('target', '_blank');
  await expect(details).toHaveAttribute('href', new RegExp(`^/chefs/${preset.slug}/\\d+$`));
  await expect(table.getByRole('button', { name: /Download PDF/ })).toHaveCount(0);

  // the Final Total Spend row is the sum of the page's totals
  const amounts = (await table.locator('tbody td[data-label="Total Spend"]').allInnerTexts()).map((t) =>
    Math.round(Number(t.replace(/[^0-9.]/g, '')) * 100),
  );
  const footer = await table.locator('tfoot td').first().innerText();
  expect(Math.round(Number(footer.replace(/[^0-9.]/g, '')) * 100)).toBe(amounts.reduce((a, b) => a + b, 0));
  await expect(table.getByRole('rowheader', { name: 'Final Total Spend' })).toBeVisible();
  // the buyer's PO number in its row (the later day's order is the newest); Export CSV downloads every order
  await expect(table.getByRole('cell', { name: 'PO number PO-11 Cost centre CC 210' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^caterway-spend-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8').split('\r\n');
  expect([csv[0]!.startsWith('\uFEFFOrder Number,Delivery Date,Vendor,PO Number,Cost Centre,'), csv.length]).toEqual([
    true,
    1 + 11 + 1,
  ]);
  await expectAccessible(page);
  await expectNoSideScroll(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(bodyRows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // one date alone is not sent
  const before = reportCalls;
  await page.getByLabel('Delivery Start Date').fill(dayB!);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Choose both a Delivery Start Date and a Delivery End Date, or a vendor name.' }),
  ).toBeVisible();
  expect(reportCalls).toBe(before);

  // both dates: page 1 of the later day
  await page.getByLabel('Delivery End Date').fill(dayB!);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(bodyRows).toHaveCount(1);
  await expect(page).toHaveURL(/\/reports$/);

  // Clear empties the filters and goes back to page 1 of everything
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('Delivery Start Date')).toHaveValue('');
  await expect(page.getByLabel('Delivery End Date')).toHaveValue('');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(bodyRows).toHaveCount(10);

  // vendor name alone, any letter case
  await page.getByLabel('Search by Vendor Name').fill(vendor.slice(0, 4).toLowerCase());
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByLabel('Search by Vendor Name').fill('no such vendor anywhere');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('cell', { name: 'No results available' })).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expectAccessible(page);
});

test('favourites: remove a favourite and a saved cart, after a confirmation @phone', async ({ page, request }) => {
  const account = await freshAccount(request, 'Farah');
  const headers = { authorization: `Bearer ${account.jwt}` };
  const preset = await torontoPreset(request);
  expect((await request.post('/api/v2/favorites', { headers, data: { preset_id: preset.id } })).status()).toBe(200);
  const saved = await request.post('/api/v2/presets', {
    headers,
    data: {
      preset: {
        preset_type: 'save_for_later',
        base_preset_id: preset.id,
        name: 'Quarterly offsite',
        preset_items: preset.preset_items.map((l) => ({
          id: l.id,
          menu_id: l.menu_id,
          quantity: l.quantity,
          menu_items_mapping: l.menu_items_mapping,
        })),
      },
    },
  });
  expect(saved.status()).toBe(201);

  await signInPage(page, account, '/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'View Your Favorites / Saved Orders' })).toBeVisible();
  const presets = page.getByRole('region', { name: 'Presets' });
  await expect(presets.getByRole('link', { name: preset.name })).toBeVisible();
  await expect(presets.getByRole('link', { name: 'Quarterly offsite' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Restaurants' }).getByText('No favorite restaurants yet.'),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSideScroll(page);

  await presets.getByRole('button', { name: `Remove from Favorites: ${preset.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from Favorites?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed from your Favorites. You can add it back anytime.')).toBeVisible();
  await expect(presets.getByText('No favorite presets yet.')).toBeVisible();

  // Cancel keeps the saved cart; Remove takes it away
  await presets.getByRole('button', { name: 'Remove from saved list: Quarterly offsite' }).click();
  await page
    .getByRole('dialog', { name: 'Remove from your saved list?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(presets.getByRole('link', { name: 'Quarterly offsite' })).toBeVisible();
  await presets.getByRole('button', { name: 'Remove from saved list: Quarterly offsite' }).click();
  await page
    .getByRole('dialog', { name: 'Remove from your saved list?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Removed from your saved list.')).toBeVisible();
  await expect(presets.getByText('No saved presets yet.')).toBeVisible();

  await page.reload();
  await expect(presets.getByText('No favorite presets yet.')).toBeVisible();
  await expect(presets.getByText('No saved presets yet.')).toBeVisible();
});

test('settings: field errors, then save and see the changes after a reload @phone', async ({ page, request }) => {
  const account = await freshAccount(request, 'Sam');
  await signInPage(page, account, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(account.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByText('This is your sign-in email and not editable')).toBeVisible();
  // the group-order defaults: cut-off 5:00 PM, delivery 11:30 AM
  await expect(page.getByLabel('Cut-off time')).toHaveValue('17:00');
  await expect(page.getByLabel('Delivery time')).toHaveValue('11:30');
  await expectAccessible(page);
  await expectNoSideScroll(page);

  await page.getByLabel('First name').fill('');
  await page.getByLabel('City').fill('');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel(/^New password/).fill('Dinner5Twenty');
  await page.getByLabel('Confirm new password').fill('Dinner5Twentyy');
  await page.getByLabel('Gap days').fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText('Please fill in the required field.')).toHaveCount(2);
  await expect(page.getByText('Both password need to be the same')).toBeVisible();
  await expect(page.getByText('Gap days must be at least 1.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('First name').fill('Samira');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Confirm new password').fill('Dinner5Twenty');
  await page.getByLabel('About me').fill('Office manager, 4th floor');
  await page.getByLabel('Default delivery instructions').fill('Call on arrival');
  await page.getByRole('group', { name: 'Favorite cuisines' }).getByRole('checkbox').first().check();
  await page.getByLabel('Group order name').fill('Friday team lunch');
  await page.getByLabel('Head count').fill('25');
  await page.getByLabel('Budget per person ($)').fill('18.50');
  await page.getByLabel('Gap days').fill('2');
  await page.getByLabel('Cut-off time').fill('16:30');
  await page.getByLabel('Delivery time').fill('12:15');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Successfully updated!')).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveValue('');

  // the session that changed the password stays signed in; everything reads back after a reload
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Samira');
  await expect(page.getByLabel('About me')).toHaveValue('Office manager, 4th floor');
  await expect(page.getByLabel('Default delivery instructions')).toHaveValue('Call on arrival');
  await expect(page.getByRole('group', { name: 'Favorite cuisines' }).getByRole('checkbox').first()).toBeChecked();
  await expect(page.getByLabel('Group order name')).toHaveValue('Friday team lunch');
  await expect(page.getByLabel('Head count')).toHaveValue('25');
  await expect(page.getByLabel('Budget per person ($)')).toHaveValue('18.50');
  await expect(page.getByLabel('Gap days')).toHaveValue('2');
  await expect(page.getByLabel('Cut-off time')).toHaveValue('16:30');
  await expect(page.getByLabel('Delivery time')).toHaveValue('12:15');
  // the old password no longer signs in; the new one does
  expect(
    (await request.post('/user_token', { data: { auth: { email: account.email, password: PASSWORD } } })).status(),
  ).toBe(401);
  expect(
    (
      await request.post('/user_token', { data: { auth: { email: account.email, password: 'Dinner5Twenty' } } })
    ).status(),
  ).toBe(200);
});

test('the account pages send visitors to the home page', async ({ page }) => {
  for (const path of ['/settings', '/favorites', '/reports']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
