import type { APIRequestContext, Page } from '@playwright/test';
import type { GroupOrder, PresetAvailability, PresetDetail } from '@caterway/contracts';
import { test, expect, expectAccessible, demoCustomer } from './fixtures';
import { apiToken, chooseDelivery, e2eDb } from './order-setup';

// Issue 20 §1 "too soon is never a dead end" (decision 072): a delivery time inside a restaurant's
// notice says why in plain words and offers the earliest time that works as one click, on the
// restaurant page (the delivery details take it and checkout opens with it) and on the
// group-order site (the form's date and time take it and Save goes through).

const SITE = '/group-orders-site';
type Hours = PresetDetail['store_hours'];
const weekdays: (keyof Hours)[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Tomorrow in Toronto, 'yyyy-MM-dd'. */
function tomorrowInToronto(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A one-chef Toronto restaurant with 48 hours' notice, open at 11:30 AM tomorrow: tomorrow at
 * 11:30 is always inside its notice, whatever the hour the test runs.
 */
async function restaurantWithLongNotice(request: APIRequestContext, date: string): Promise<PresetDetail> {
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ slug: string }>(
      `SELECT p.slug FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
        WHERE p.preset_type = 'restaurant' AND p.is_active AND c.city = 'Toronto' AND c.pre_order_notice_hours = 48
          AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = 1
        ORDER BY p.id LIMIT 40`,
    );
    const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    for (const { slug } of rows) {
      const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
      const hours = preset.store_hours[weekday];
      if (hours?.enabled && hours.open <= '11:30' && hours.close >= '11:30') return preset;
    }
  } finally {
    await db.end();
  }
  throw new Error('no Toronto restaurant with 48 hours notice open at 11:30 tomorrow in the demo data');
}

/** The server's answer for tomorrow at 11:30 AM: unavailable, with why and the earliest time. */
async function refusalFor(request: APIRequestContext, preset: PresetDetail, date: string) {
  const res = await request.get(
    `/api/v2/presets/${preset.id}/availability?delivery_date=${date}&delivery_time=${encodeURIComponent('11:30 AM')}`,
  );
  const answer = (await res.json()) as PresetAvailability;
  expect(answer.available).toBe(false);
  expect(answer.why).toBe(`${preset.chefs[0]!.business_name} needs 48 hours' notice`);
  expect(answer.earliest_available).not.toBeNull();
  return answer.earliest_available!;
}

/** The demo customer's session on the device, as the storefront's sign-in keeps it (the site reads it). */
async function storeSession(page: Page, request: APIRequestContext) {
  const res = await request.post('/user_token', {
    data: { auth: { email: demoCustomer.email, password: demoCustomer.password } },
  });
  const { jwt, user } = (await res.json()) as {
    jwt: string;
    user: { id: number; first_name: string; last_name: string; email: string; confirmed: boolean; role: string };
  };
  await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('caterway.user', JSON.stringify(stored)), {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    confirmed: user.confirmed,
    role: user.role,
    adminToken: null,
    jwt,
  });
}

test('a restaurant page: too soon says why, one click takes the earliest time, checkout opens with it @phone', async ({
  page,
  request,
}) => {
  const tomorrow = tomorrowInToronto();
  const preset = await restaurantWithLongNotice(request, tomorrow);
  const earliest = await refusalFor(request, preset, tomorrow);
  // signed in as the storefront keeps it (the phone's menu is not under test here)
  await storeSession(page, request);
  await chooseDelivery(page, tomorrow);
  await page.goto(`/chefs/${preset.slug}`);

  const notice = page.getByTestId('slot-notice');
  await expect(notice).toContainText(`${preset.chefs[0]!.business_name} needs 48 hours' notice`);
  const instead = notice.getByRole('button', { name: earliest.label });
  await expect(instead).toBeVisible();
  await expectAccessible(page);
  await instead.click();

  // the delivery details take it: the notice goes, the device keeps the new date and time
  await expect(notice).toHaveCount(0);
  expect(
    await page.evaluate(() => [localStorage.getItem('delivery_date'), localStorage.getItem('delivery_time')]),
  ).toEqual([earliest.delivery_date, earliest.delivery_time]);

  await page
    .getByRole('complementary', { name: 'Your order' })
    .getByRole('button', { name: 'Checkout' })
    .last()
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Date')).toHaveValue(earliest.delivery_date);
  await expect(page.getByLabel('Time')).toHaveValue(earliest.delivery_time);
  // the draft made on entry is accepted: no notice message, and the server's totals arrive
  await expect(page.getByText('Estimated; the final price is confirmed when you continue.')).toHaveCount(0);
  await expect(page.getByText(/requires 48 hours notice/)).toHaveCount(0);
});

test('browse restaurants: a card short of notice names its next time, one click moves the delivery there @phone', async ({
  page,
}) => {
  const tomorrow = tomorrowInToronto();
  await page.goto('/');
  await chooseDelivery(page, tomorrow);
  await page.goto('/browse-restaurants');
  const list = page.getByTestId('restaurant-list');
  const instead = { name: /^Deliver .+ instead$/ };
  const card = list
    .getByTestId('restaurant-card')
    .filter({ has: page.getByRole('button', instead) })
    .first();
  const next = card.getByRole('button', instead);
  await expect(next).toBeVisible();
  const name = (await card.getByRole('heading').textContent())!;
  await expectAccessible(page);
  await next.click();
  // the delivery details take the card's time: the list reloads and that restaurant is available
  await expect.poll(() => page.evaluate(() => localStorage.getItem('delivery_date'))).not.toBe(tomorrow);
  const same = list.getByTestId('restaurant-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(same.locator('.availability')).toHaveText('Available');
});

test('the group-order site: a delivery inside the notice says why and one click fixes it @phone', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // the refused save is a 422 the browser logs
  allowConsoleErrors(/status of 422/);
  const tomorrow = tomorrowInToronto();
  const preset = await restaurantWithLongNotice(request, tomorrow);
  const chef = preset.chefs[0]!;
  const auth = { authorization: `Bearer ${await apiToken(request)}` };
  const created = await request.post('/api/v2/group_orders', {
    headers: auth,
    data: { preset_id: preset.id, delivery_params: { address: `${chef.address1}, ${chef.city}` } },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };

  await storeSession(page, request);
  await page.goto(`${SITE}/group-orders/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Group order details' })).toBeVisible();
  await page.getByLabel('Group order name').fill('Too soon lunch');
  await page.getByLabel('Head count').fill('6');
  await page.getByLabel('Per-person budget ($)').fill('25.00');
  await page.getByLabel('Gap days').fill('1');
  await page.getByLabel('Cut-off time').fill('23:45');
  await page.getByLabel('Delivery date').fill(tomorrow);
  await page.getByLabel('Delivery time').fill('11:30');
  await page.getByLabel('Delivery address').fill(`${chef.address1}, ${chef.city}`);
  await page.getByLabel('Contact person').fill('Dana Demo');
  await page.getByLabel('Contact phone').fill('416-555-0142');
  await page.getByRole('button', { name: 'Save details' }).click();

  // the catering message as the documents write it, why in plain words, and the one click
  await expect(page.getByText(/requires 48 hours notice/)).toBeVisible();
  await expect(page.getByText(`${chef.business_name} needs 48 hours' notice`)).toBeVisible();
  const instead = page.getByRole('button', { name: /^Deliver .+ instead$/ });
  await expect(instead).toBeVisible();
  await expectAccessible(page);
  const label = (await instead.textContent())!;
  await instead.click();
  await expect(page.getByText(/requires 48 hours notice/)).toHaveCount(0);
  expect(label).toMatch(/^Deliver \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} [AP]M instead$/);
  const date = await page.getByLabel('Delivery date').inputValue();
  expect(date > tomorrow).toBe(true);

  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();
  const saved = (
    (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers: auth })).json()) as { group_order: GroupOrder }
  ).group_order;
  expect(saved.delivery_date).toBe(date);
  expect(saved.delivery_time).toBe(
    Number((await page.getByLabel('Delivery time').inputValue()).slice(0, 2)) * 3600 +
      Number((await page.getByLabel('Delivery time').inputValue()).slice(3, 5)) * 60,
  );
});
