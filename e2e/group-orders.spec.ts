/// <reference lib="dom" />
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GroupOrder, PresetDetail, PublicGroupOrderResponse } from '@caterway/contracts';
import { test, expect, expectAccessible, demoCustomer, uniqueEmail } from './fixtures';
import { apiToken } from './order-setup';

// Issue 6, the group-order site in the browser: the demo customer starts a group order from a
// one-chef restaurant in the storefront and lands on the site, completes the details (refused
// first for a missing contact and zero gap days), opens ordering and copies the share link;
// three members join in their own browser contexts (one is refused a meal over the budget, one
// changes their mind); the dashboard's member count and picks update while its countdown runs;
// the server's test clock passes the cut-off; the members' pages say ordering is closed and show
// what each ordered; the creator's group order now has its combined order, listed in the
// storefront's My Orders as a Group Order, and its labels PDF names the three members. axe on
// every page.

const SITE = '/group-orders-site';
const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Wall-clock date and time of an instant in a zone: ['2026-11-23', '17:05']. */
function wallClock(at: Date, timeZone: string): [string, string] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
}

const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

type Hours = PresetDetail['store_hours'];
const weekdays: (keyof Hours)[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * A one-chef Toronto restaurant preset open at 11:30 on the delivery date and whose notice that
 * delivery meets (group orders keep both, issue 15), whose dishes straddle a budget (at least
 * two within it, one above).
 */
async function restaurantOpenOn(
  request: APIRequestContext,
  deliveryDate: string,
): Promise<{ preset: PresetDetail; budgetCents: number } | undefined> {
  const res = await request.get('/api/v2/presets');
  const body = (await res.json()) as { presets: { trending_restaurants: { slug: string }[] } };
  const weekday = weekdays[new Date(`${deliveryDate}T12:00:00Z`).getUTCDay()]!;
  for (const { slug } of body.presets.trending_restaurants) {
    const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
    const chef = preset.chefs[0];
    const hours = preset.store_hours[weekday];
    if (
      preset.chefs.length !== 1 ||
      !chef ||
      chef.city !== 'Toronto' ||
      !hours?.enabled ||
      hours.open > '11:30' ||
      hours.close < '11:30'
    )
      continue;
    // 11:30 Toronto is 16:30 UTC in winter, 15:30 in summer: the earlier bounds the notice
    if (Date.parse(`${deliveryDate}T15:30:00Z`) - Date.now() < preset.pre_order_notice_hour * 3_600_000) continue;
    // the meals a member may choose: single portions, not drinks (the API's INDIVIDUAL_MEAL_SQL)
    const meals = chef.menus.filter((m) => !m.is_deleted && m.menu_type === 'single' && m.category_name !== 'Drinks');
    const prices = [...new Set(meals.map((m) => m.price_cents))].sort((a, b) => a - b);
    if (prices.length < 4) continue;
    return { preset, budgetCents: prices[Math.floor(prices.length / 2)]! };
  }
  return undefined;
}

/**
 * The first gap of 2 to 6 days after the cut-off date whose delivery date has such a restaurant:
 * two days after a Thursday is a Saturday, when few restaurants open at 11:30.
 */
async function restaurantForGroups(request: APIRequestContext, cutoffDate: string) {
  for (let gapDays = 2; gapDays <= 6; gapDays++) {
    const deliveryDate = addDays(cutoffDate, gapDays);
    const found = await restaurantOpenOn(request, deliveryDate);
    if (found) return { ...found, gapDays, deliveryDate };
  }
  throw new Error(
    `no one-chef Toronto restaurant with varied prices open at 11:30 within 6 days of ${cutoffDate} in the demo data`,
  );
}

/** The creator pays at the cut-off with their default saved card: make sure there is one. */
async function ensureDefaultCard(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/v2/user_payment_methods', { headers })).json()) as {
    payment_methods: { is_default?: boolean }[];
  };
  if (list.payment_methods.some((m) => m.is_default)) return;
  const card = await request.post('/api/v2/sandbox/payment_methods', {
    data: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  expect(card.status()).toBe(200);
  const id = ((await card.json()) as { payment_method: { id: string } }).payment_method.id;
  const saved = await request.post('/api/v2/user_payment_methods', { headers, data: { payment_method_id: id } });
  expect(saved.ok()).toBeTruthy();
  const savedId = ((await saved.json()) as { payment_method: { id: number } }).payment_method.id;
  const list2 = (await (await request.get('/api/v2/user_payment_methods', { headers })).json()) as {
    payment_methods: { id: number; is_default?: boolean }[];
  };
  if (!list2.payment_methods.some((m) => m.is_default)) {
    expect((await request.post(`/api/v2/payment_methods/${savedId}/set_as_default`, { headers })).ok()).toBeTruthy();
  }
}

/** Every text run of a PDF, page by page. */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** A member's own browser: console errors fail the journey unless listed. */
async function memberBrowser(
  browser: Browser,
  baseURL: string,
  allowed: RegExp[] = [],
  viewport: { width: number; height: number } | null = null,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allowed.some((re) => re.test(msg.text()))) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { context, page, errors };
}

async function join(page: Page, sharePath: string, name: string, dietary: string): Promise<string> {
  await page.goto(sharePath);
  await expect(page.getByRole('heading', { name: 'Join to choose your meal' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  const email = uniqueEmail(name.toLowerCase());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Dietary needs').fill(dietary);
  await page.getByRole('button', { name: 'Join group order' }).click();
  await expect(page.getByRole('heading', { name: `Hi ${name}` })).toBeVisible();
  return email;
}

async function signInOnStorefront(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The demo customer's session put on the device the way the storefront's sign-in stores it (the phone's menu is not under test here). */
async function storeSession(page: Page, request: APIRequestContext): Promise<string | null> {
  const res = await request.post('/user_token', {
    data: { auth: { email: demoCustomer.email, password: demoCustomer.password } },
  });
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
  return user.admin_token;
}

/**
 * The demo customer's group order opened through the API: a delivery 6 to 10 days ahead on a day
 * the restaurant is open, so its cut-off (2 days before, 5 PM) is days away.
 */
async function openGroupOrder(request: APIRequestContext, title: string) {
  const auth = { authorization: `Bearer ${await apiToken(request)}` };
  const [today] = wallClock(new Date(), 'America/Toronto');
  const { preset, budgetCents, deliveryDate } = await restaurantForGroups(request, addDays(today, 4));
  const chef = preset.chefs[0]!;
  const created = await request.post('/api/v2/group_orders', {
    headers: auth,
    data: { preset_id: preset.id, delivery_params: { address: `${chef.address1}, ${chef.city}` } },
  });
  expect(created.status()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };
  const name = `${title} ${Date.now().toString(36)}`;
  const opened = await request.put(`/api/v2/group_orders/${uuid}`, {
    headers: auth,
    data: {
      name,
      head_count: 8,
      budget_cents: budgetCents,
      gap_days: 2,
      cutoff_time: 17 * 3600,
      delivery_date: deliveryDate,
      delivery_time: 11 * 3600 + 30 * 60,
      delivery_address: `${chef.address1}, ${chef.city}`,
      delivery_contact_person: 'Dana Demo',
      delivery_phone_number: '416-555-0142',
      open_ordering: true,
    },
  });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  const groupOrder = ((await opened.json()) as { group_order: GroupOrder }).group_order;
  return { groupOrder, name, preset, budgetCents, auth, sharePath: new URL(groupOrder.share_url).pathname };
}

const chooseButton = (page: Page, menuName: string) =>
  page.getByRole('button', { name: new RegExp(`meal: ${menuName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

test('a group order: started in the storefront, shared, three members choose, the cut-off closes it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const token = await apiToken(request);
  await ensureDefaultCard(request, token);
  // The cut-off a quarter of an hour from now (the chef's Toronto time) and the delivery at least
  // two days later (gap days 2 or more: the restaurants' notice is at most 48 hours), on a day the
  // restaurant is open: the test clock later moves the server only minutes, so the other
  // journeys keep their dates.
  const [cutoffDate, cutoffTime] = wallClock(new Date(Date.now() + 15 * 60_000), 'America/Toronto');
  const { preset, budgetCents, gapDays, deliveryDate } = await restaurantForGroups(request, cutoffDate);
  const chef = preset.chefs[0]!;

  // ---- the creator starts it from the restaurant page and lands on the site
  await page.goto(`/chefs/${preset.slug}`);
  // the storefront's delivery date: one the restaurant takes (a date it does not is not prefilled)
  const storefrontDate = deliveryDate;
  await page.evaluate(
    ([d, address, lat, lng]) => {
      localStorage.setItem('delivery_date', d!);
      localStorage.setItem('delivery_time', '11:30 AM');
      localStorage.setItem('address', address!);
      localStorage.setItem('lat', lat!);
      localStorage.setItem('lng', lng!);
      localStorage.setItem('caterway.receiving_method', 'delivery');
    },
    [storefrontDate, `${chef.address1}, ${chef.city}`, String(chef.latitude + 0.002), String(chef.longitude)],
  );
  await page.reload();
  await signInOnStorefront(page);
  await page.getByRole('button', { name: 'Create Group Order' }).click();
  await expect(page).toHaveURL(new RegExp(`${SITE}/group-orders/([0-9a-f-]{36})\\?delivery_date=`));
  const uuid = /group-orders\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: 'Group order details' })).toBeVisible();

  // prefilled: the account's defaults (copied by the server) and the storefront's delivery details
  const auth = { authorization: `Bearer ${token}` };
  const created = (
    (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers: auth })).json()) as { group_order: GroupOrder }
  ).group_order;
  expect(created.status).toBe('created');
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Head count')).toHaveValue(String(created.head_count));
  await expect(page.getByLabel('Per-person budget ($)')).toHaveValue((created.budget_cents / 100).toFixed(2));
  await expect(page.getByLabel('Gap days')).toHaveValue(String(created.gap_days));
  await expect(page.getByLabel('Delivery date')).toHaveValue(storefrontDate);
  await expect(page.getByLabel('Delivery address')).toHaveValue(`${chef.address1}, ${chef.city}`);
  await expectAccessible(page);

  // the form's own checks, with the API's messages
  await page.getByLabel('Contact person').fill('');
  await page.getByLabel('Gap days').fill('0');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Gap days must be at least 1.')).toBeVisible();
  await expect(page.getByText('Please fill in the required field.').first()).toBeVisible();
  await expect(page.getByLabel('Gap days')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Group order name').fill('Friday team lunch');
  await page.getByLabel('Head count').fill('5');
  await page.getByLabel('Per-person budget ($)').fill((budgetCents / 100).toFixed(2));
  await page.getByLabel('Gap days').fill(String(gapDays));
  await page.getByLabel('Cut-off time').fill(cutoffTime);
  await page.getByLabel('Delivery date').fill(deliveryDate);
  await page.getByLabel('Delivery time').fill('11:30');
  await page.getByLabel('Company').fill('Maple Analytics');
  await page.getByLabel('Contact person').fill('Dana Demo');
  await page.getByLabel('Contact phone').fill('416-555-0142');
  await page.getByLabel('Delivery instructions').fill('Reception on the 4th floor');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved.')).toBeVisible();
  await expect(page.getByText('Details Entered', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save and open ordering' }).click();
  await expect(page.getByText('Saved. Ordering is open: share the link with your team.')).toBeVisible();
  await expect(page.getByText('Accepting', { exact: true })).toBeVisible();

  // copy the share link
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const shareField = page.getByLabel('Share link');
  const shareUrl = await shareField.inputValue();
  expect(shareUrl).toMatch(new RegExp(`${SITE}/g/[A-Za-z0-9_-]{10,}$`));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('URL Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expectAccessible(page);
  const sharePath = new URL(shareUrl).pathname;
  const shareToken = sharePath.split('/').pop()!;

  // ---- the dashboard, in a new tab as the storefront opens it (the admin token leaves the address bar)
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('caterway.user') ?? '{}') as { id: number; adminToken: string | null },
  );
  const dashboard = await page.context().newPage();
  await dashboard.goto(
    `/grouporder-dashboard/${stored.id}${stored.adminToken ? `?admin_token=${encodeURIComponent(stored.adminToken)}` : ''}`,
  );
  await expect(dashboard).toHaveURL(new RegExp(`${SITE}/grouporder-dashboard/${stored.id}$`));
  const card = dashboard.getByRole('article', { name: 'Friday team lunch' });
  await expect(card.getByTestId('joined')).toHaveText('0 of 5');
  await expect(card.getByText('Nobody has joined yet.')).toBeVisible();
  await expect(card.getByText('HST 13%')).toBeVisible();
  await expectAccessible(dashboard);
  const countdown = card.getByTestId('countdown');
  const firstTick = await countdown.textContent();
  expect(firstTick).toMatch(/^00:(0[5-9]|1[0-5]):\d\d$/);
  await expect(countdown).not.toHaveText(firstTick!); // it runs

  // ---- three members, each in their own browser
  const group = (await (await request.get(`/api/v2/group/${shareToken}`)).json()) as PublicGroupOrderResponse;
  const within = group.menus.filter((m) => m.within_budget);
  const over = group.menus.find((m) => !m.within_budget);
  expect(within.length).toBeGreaterThanOrEqual(2);
  expect(over, 'a dish above the budget').toBeTruthy();

  const ava = await memberBrowser(browser, baseURL!);
  await join(ava.page, sharePath, 'Ava', 'Vegetarian');
  await expect(ava.page.getByTestId('budget-left')).toHaveText(money(budgetCents));
  const avaDish = within.find((m) => m.dietary_types.length > 0) ?? within[0]!;
  if (avaDish.dietary_types.length > 0) {
    await expect(ava.page.getByRole('list', { name: 'Dietary labels' }).first()).toBeVisible();
  }
  await expectAccessible(ava.page);
  await chooseButton(ava.page, avaDish.name).click();
  await expect(ava.page.getByText(`You chose ${avaDish.name}.`)).toBeVisible();
  await expect(ava.page.getByTestId('budget-left')).toHaveText(money(budgetCents - avaDish.price_cents));

  // Ben tries a dish over the budget: the server refuses it with its message
  const ben = await memberBrowser(browser, baseURL!, [
    /Failed to load resource: the server responded with a status of 4\d\d/,
  ]);
  await join(ben.page, sharePath, 'Ben', 'No nuts');
  await chooseButton(ben.page, over!.name).click();
  await expect(ben.page.getByRole('alert')).toContainText(`This meal is over your budget of ${money(budgetCents)}.`);
  await expect(ben.page.getByText('You have not chosen a meal yet.')).toBeVisible();
  await chooseButton(ben.page, within[0]!.name).click();
  await expect(ben.page.getByText(`You chose ${within[0]!.name}.`)).toBeVisible();

  // Cleo changes her mind
  const cleo = await memberBrowser(browser, baseURL!);
  await join(cleo.page, sharePath, 'Cleo', '');
  await chooseButton(cleo.page, within[0]!.name).click();
  await expect(cleo.page.getByText(`You chose ${within[0]!.name}.`)).toBeVisible();
  await chooseButton(cleo.page, within[1]!.name).click();
  await expect(cleo.page.getByText(`You chose ${within[1]!.name}.`)).toBeVisible();
  await expect(cleo.page.getByText('Your choice', { exact: true })).toHaveCount(1);
  await expectAccessible(cleo.page);

  // the dashboard follows along
  await expect(card.getByTestId('joined')).toHaveText('3 of 5', { timeout: 12_000 });
  const rows = card.getByRole('table');
  await expect(rows.getByRole('row', { name: /Ava/ })).toContainText(avaDish.name);
  await expect(rows.getByRole('row', { name: /Ava/ })).toContainText('Vegetarian');
  await expect(rows.getByRole('row', { name: /Ben/ })).toContainText(within[0]!.name);
  await expect(rows.getByRole('row', { name: /Ben/ })).toContainText('No nuts');
  await expect(rows.getByRole('row', { name: /Cleo/ })).toContainText(within[1]!.name);
  await expect(
    card.getByText(money(avaDish.price_cents + within[0]!.price_cents + within[1]!.price_cents), { exact: true }),
  ).toBeVisible();
  await expectAccessible(dashboard);

  // ---- the cut-off passes on the server's clock
  const before = (
    (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers: auth })).json()) as { group_order: GroupOrder }
  ).group_order;
  const advance = Math.ceil((Date.parse(before.cutoff_at!) - Date.parse(before.server_now)) / 1000) + 5;
  expect(advance).toBeGreaterThan(0);
  expect((await request.post('/api/v2/test/clock', { data: { advance_seconds: advance } })).ok()).toBeTruthy();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers: auth })).json()) as {
            group_order: GroupOrder;
          }
        ).group_order.status,
      { timeout: 20_000 },
    )
    .toBe('waiting_for_delivery');

  for (const [member, dish] of [
    [ava, avaDish],
    [ben, within[0]!],
    [cleo, within[1]!],
  ] as const) {
    await member.page.reload();
    await expect(member.page.getByRole('heading', { name: 'Ordering is closed' })).toBeVisible();
    await expect(member.page.getByRole('heading', { name: 'What you ordered' })).toBeVisible();
    await expect(member.page.getByText(dish.name, { exact: true })).toBeVisible();
    await expect(member.page.getByRole('button', { name: /Choose this|Change to this/ })).toHaveCount(0);
  }
  await expectAccessible(ava.page);

  await expect(card.getByText('Waiting for delivery')).toBeVisible({ timeout: 12_000 });
  await expect(card.getByRole('button', { name: 'Cancel group order' })).toHaveCount(0);

  // the combined order, as the creator's My Orders reads it
  const detail = await request.get(`/api/v2/group_orders/${uuid}/detail`, { headers: auth });
  expect(detail.ok()).toBeTruthy();
  const combined = (
    (await detail.json()) as { group_order: { order_number: string; tax_label: string; sub_total_cents: number } }
  ).group_order;
  expect(combined.order_number).not.toBe('');
  expect(combined.tax_label).toBe('HST 13%');
  expect(combined.sub_total_cents).toBe(avaDish.price_cents + within[0]!.price_cents + within[1]!.price_cents);

  // … and in the storefront's My Orders, as an upcoming order of kind Group Order
  await page.goto('/my-orders');
  const entry = page
    .getByRole('button')
    .filter({ hasText: 'Group Order' })
    .filter({ hasText: `Order #${combined.order_number}` });
  await expect(entry).toBeVisible();

  // the restaurant's label sheet: one label per meal with the member's name and dietary needs
  const labels = await request.get(`/api/v2/group_orders/${uuid}/labels.pdf`, { headers: auth });
  expect(labels.status()).toBe(200);
  const text = await pdfText(await labels.body());
  for (const label of ['Ava', 'Vegetarian', 'Ben', 'No nuts', 'Cleo', avaDish.name, within[1]!.name])
    expect(text).toContain(label);

  for (const member of [ava, ben, cleo]) {
    expect(member.errors, 'unexpected console errors in a member browser').toEqual([]);
    await member.context.close();
  }
});

test('the dashboard reminds members who have not chosen and cancels with a confirmation, by keyboard @phone', async ({
  page,
  request,
  browser,
  baseURL,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  const viewport = page.viewportSize();
  const { groupOrder, name, sharePath } = await openGroupOrder(request, 'Offsite breakfast');

  // a member joins but does not choose yet
  const dev = await memberBrowser(browser, baseURL!, [], viewport);
  const devEmail = await join(dev.page, sharePath, 'Dev', 'Halal');
  await expect(dev.page.getByText('You have not chosen a meal yet.')).toBeVisible();
  await expectAccessible(dev.page);

  // the personal link emailed on joining opens the member's own page in any browser
  let personal = '';
  await expect(async () => {
    const { emails } = (await (await request.get('/api/v2/dev/mailbox', { params: { to: devEmail } })).json()) as {
      emails: { id: number }[];
    };
    for (const e of emails) {
      const detail = (await (await request.get(`/api/v2/dev/mailbox/${e.id}`)).json()) as {
        email: { text_body: string };
      };
      personal = /https?:\/\/\S+member_token=\S+/.exec(detail.email.text_body)?.[0] ?? personal;
    }
    expect(personal).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const phone = await memberBrowser(browser, baseURL!, [], viewport);
  await phone.page.goto(new URL(personal).pathname + new URL(personal).search);
  await expect(phone.page.getByRole('heading', { name: 'Hi Dev' })).toBeVisible();
  await expect(phone.page).toHaveURL(new RegExp(`${sharePath}$`));
  expect(phone.errors).toEqual([]);
  await phone.context.close();

  // the creator, signed in on the storefront, opens the dashboard
  const adminToken = await storeSession(page, request);
  expect(adminToken, 'sign-in answers the dashboard key').toBeTruthy();
  await page.goto(`/grouporder-dashboard/${groupOrder.creator_id}`);
  const card = page.getByRole('article', { name });
  await expect(card.getByTestId('joined')).toHaveText('1 of 8');
  await expect(card.getByRole('row', { name: /Dev/ })).toContainText('Not chosen yet');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Send reminder' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('Reminder sent to 1 member.')).toBeVisible();

  // cancel: the question can be dismissed with Escape, then confirmed
  allowConsoleErrors(/status of 409/); // a stale click after cancelling is refused by the server
  await card.getByRole('button', { name: 'Cancel group order' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this group order?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Accepting', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel group order' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(card.getByText('The group order was cancelled.')).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel group order' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /Edit details/ })).toHaveCount(0);

  // the member's page now says ordering is closed
  await dev.page.reload();
  await expect(dev.page.getByRole('heading', { name: 'Ordering is closed' })).toBeVisible();
  await expect(dev.page.getByText('You did not choose a meal.')).toBeVisible();
  expect(dev.errors).toEqual([]);
  await dev.context.close();

  // the storefront's link with the admin token opens the dashboard in a browser without the session
  const keyed = await memberBrowser(browser, baseURL!, [], viewport);
  await keyed.page.goto(
    `/grouporder-dashboard/${groupOrder.creator_id}?admin_token=${encodeURIComponent(adminToken!)}`,
  );
  await expect(keyed.page.getByRole('article', { name })).toBeVisible();
  await expect(keyed.page).toHaveURL(new RegExp(`${SITE}/grouporder-dashboard/${groupOrder.creator_id}$`));
  expect(keyed.errors).toEqual([]);
  await keyed.context.close();

  // nobody else can open this dashboard
  const other = await memberBrowser(browser, baseURL!, [/status of 40[14]/]);
  await other.page.goto(`/grouporder-dashboard/${groupOrder.creator_id}`);
  await expect(other.page.getByRole('heading', { name: 'Dashboard not available' })).toBeVisible();
  await expect(other.page.getByText(name)).toHaveCount(0);
  await other.context.close();
});

test("a meal the restaurant 86s greys out on the members' page and is flagged on the dashboard @phone", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const viewport = page.viewportSize();
  const { groupOrder, name, preset, budgetCents, auth, sharePath } = await openGroupOrder(request, 'Sold-out lunch');
  const chefId = preset.chefs[0]!.id;
  const meals = preset.chefs[0]!.menus.filter(
    (m) => !m.is_deleted && m.menu_type === 'single' && m.category_name !== 'Drinks' && m.price_cents <= budgetCents,
  );
  expect(meals.length).toBeGreaterThanOrEqual(3);
  const [chosen, other, kept] = meals as [(typeof meals)[0], (typeof meals)[0], (typeof meals)[0]];
  // operations may 86 any restaurant's dish (decision 053)
  const ops = await request.post('/user_token', {
    data: { auth: { email: 'ops@caterway.ca', password: 'Kitchen4Ops' } },
  });
  const opsAuth = { authorization: `Bearer ${((await ops.json()) as { jwt: string }).jwt}` };
  const soldOut = async (menuId: number, available: boolean) => {
    const res = await request.post(`/api/v2/partner/restaurants/${chefId}/sold-out`, {
      headers: opsAuth,
      data: available ? { menu_id: menuId, available } : { menu_id: menuId, available, duration: 'end_of_day' },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  const ana = await memberBrowser(browser, baseURL!, [], viewport);
  try {
    await join(ana.page, sharePath, 'Ana', '');
    await chooseButton(ana.page, chosen.name).click();
    await expect(ana.page.getByText(`You chose ${chosen.name}.`)).toBeVisible();

    await soldOut(chosen.id, false);
    await soldOut(other.id, false);
    await ana.page.reload();
    // her meal: still hers, greyed, and she is asked to choose another
    const prompt = ana.page.getByTestId('chosen-sold-out');
    await expect(prompt).toHaveText(
      `Sold out today. The restaurant has run out of ${chosen.name}: please choose another meal.`,
    );
    const otherCard = ana.page
      .getByRole('listitem')
      .filter({ has: ana.page.getByRole('heading', { name: other.name, exact: true }) });
    await expect(otherCard.getByText('Sold out today')).toBeVisible();
    await expect(chooseButton(ana.page, other.name)).toBeDisabled();
    await expectAccessible(ana.page);

    // the organiser's dashboard flags her pick
    await storeSession(page, request);
    await page.goto(`/grouporder-dashboard/${groupOrder.creator_id}`);
    const card = page.getByRole('article', { name });
    await expect(card.getByRole('row', { name: /Ana/ })).toContainText(`${chosen.name} Sold out today`);
    await expect(
      card.getByText("1 member's meal is sold out: ask them to choose another before ordering closes."),
    ).toBeVisible();
    await expectAccessible(page);

    // she changes to a meal still on: the prompt goes, and the dashboard follows
    await chooseButton(ana.page, kept.name).click();
    await expect(ana.page.getByText(`You chose ${kept.name}.`)).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect(card.getByRole('row', { name: /Ana/ })).not.toContainText('Sold out', { timeout: 10_000 });
    expect(ana.errors).toEqual([]);
  } finally {
    await ana.context.close();
    await soldOut(chosen.id, true);
    await soldOut(other.id, true);
    await request.delete(`/api/v2/group_orders/${groupOrder.uuid}`, { headers: auth });
  }
});
