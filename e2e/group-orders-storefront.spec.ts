import fs from 'node:fs';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { test, expect, expectAccessible, uniqueEmail } from './fixtures';
import { e2eDb } from './order-setup';

// Issue 6 item 5 and the navigation entry (ordering-payments §2): in the storefront, a group
// order shows in My Orders as kind Group Order, its detail modal has the spec's fields
// (browse-account-orders §3 'Group order detail'), Edit Order opens the admin link on the
// group-order site in a new tab, Cancel order asks first and the list reloads; the greeting
// menu's Group Order Dashboard opens the dashboard in a new tab with the admin token.
// The group order is set up through the group-order API as its creator and one member would.

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const PASSWORD = 'Lunch4Forty';

interface Account {
  email: string;
  jwt: string;
  id: number;
}

interface StartedGroup {
  id: number;
  uuid: string;
  name: string;
  chefName: string;
  adminLink: string;
  mealCents: number;
  cutoffAt: string;
  serverNow: string;
}

/** A fresh confirmed creator (sign-up, the emailed link, sign-in), so no other journey's orders mix in. */
async function freshCreator(request: APIRequestContext): Promise<Account> {
  const email = uniqueEmail('creator');
  const signUp = await request.post('/api/v2/users', {
    data: {
      user: {
        first_name: 'Dana',
        last_name: 'Morgan',
        email,
        phone: '416-555-0101',
        company_name: 'Northwind Consulting',
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
  const url = new URL(link!);
  expect((await request.get(url.pathname + url.search, { maxRedirects: 0 })).headers().location).toMatch(
    /confirmed=ok/,
  );
  const signIn = await request.post('/user_token', { data: { auth: { email, password: PASSWORD } } });
  expect(signIn.status()).toBe(200);
  const body = (await signIn.json()) as { jwt: string; user: { id: number } };
  return { email, jwt: body.jwt, id: body.user.id };
}

/** Its default payment method: the sandbox's good card (the cut-off authorises on it). */
async function saveCard(request: APIRequestContext, jwt: string): Promise<void> {
  const card = await request.post('/api/v2/sandbox/payment_methods', {
    data: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  const pm = ((await card.json()) as { payment_method: { id: string } }).payment_method.id;
  const saved = await request.post('/api/v2/user_payment_methods', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { payment_method_id: pm },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** Wall-clock date and seconds of the day of an instant in a zone. */
function zoned(instant: Date, timeZone: string): { date: string; seconds: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/**
 * A group order of the creator, open for ordering, with members' meals. 'week': delivery eight
 * days ahead, cut-off the day before at 5 PM. 'soon': the cut-off three minutes after the
 * server's now and delivery at noon on the first day whose processing time (delivery minus the
 * restaurant's notice) is still half a day ahead, whatever the time of day the suite runs (so
 * the combined order is not processed, and labelled Processed, during the journey); the gap
 * days bring the cut-off back to today, so a journey moves the shared server clock by minutes.
 */
async function startGroupOrder(
  request: APIRequestContext,
  jwt: string,
  when: 'week' | 'soon',
  members: [string, string][],
): Promise<StartedGroup> {
  const headers = { authorization: `Bearer ${jwt}` };
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{
      preset_id: number;
      business_name: string;
      latitude: number;
      longitude: number;
      time_zone: string;
      menu_id: number;
      price_cents: number;
      notice_hours: number;
    }>(
      `SELECT p.id::int AS preset_id, c.business_name, c.latitude::float8 AS latitude, c.longitude::float8 AS longitude, c.time_zone, c.pre_order_notice_hours::int AS notice_hours,
              m.id::int AS menu_id, m.price_cents::int AS price_cents
         FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
         JOIN LATERAL (SELECT id, price_cents FROM menus WHERE chef_id = c.id AND NOT is_deleted AND menu_type = 'single' AND category_name <> 'Drinks' AND price_cents > 0 ORDER BY price_cents, id LIMIT 1) m ON true
        WHERE p.preset_type = 'restaurant' AND p.is_active AND c.city = 'Toronto' AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = 1
        ORDER BY p.id LIMIT 20`,
    );
    for (const r of rows) {
      const created = await request.post('/api/v2/group_orders', {
        headers,
        data: { preset_id: r.preset_id, delivery_params: {} },
      });
      if (created.status() !== 201) continue;
      const { uuid } = (await created.json()) as { uuid: string };
      let schedule: { delivery_date: string; cutoff_time: number; gap_days: number };
      if (when === 'week') {
        const delivery = new Date();
        delivery.setDate(delivery.getDate() + 8);
        schedule = { delivery_date: iso(delivery), cutoff_time: 17 * 3600, gap_days: 1 };
      } else {
        const serverNow = (
          (await (await request.get(`/api/v2/group_orders/${uuid}`, { headers })).json()) as {
            group_order: { server_now: string };
          }
        ).group_order.server_now;
        const local = zoned(new Date(Date.parse(serverNow) + 180_000), r.time_zone);
        // noon k days ahead minus the notice must lie after today's midnight plus half a day
        const days = Math.max(1, Math.ceil((r.notice_hours + 13) / 24));
        const delivery = new Date(Date.parse(`${local.date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        schedule = {
          delivery_date: delivery,
          cutoff_time: Math.min(local.seconds - (local.seconds % 60) + 60, 86_340),
          gap_days: days,
        };
      }
      const name = `Team lunch ${Date.now().toString(36)}`;
      const put = await request.put(`/api/v2/group_orders/${uuid}`, {
        headers,
        data: {
          name,
          head_count: 6,
          budget_cents: r.price_cents,
          delivery_time: 12 * 3600,
          delivery_address: '100 King St W, Toronto, ON',
          delivery_suite_address: 'Suite 500',
          latitude: r.latitude + 0.003,
          longitude: r.longitude,
          delivery_contact_person: 'Dana Morgan',
          delivery_phone_number: '416-555-0101',
          delivery_instruction: 'Front desk',
          company_name: 'Northwind Consulting',
          open_ordering: true,
          ...schedule,
        },
      });
      if (put.status() !== 200) continue; // outside this chef's delivery area: the next one
      const group = (
        (await put.json()) as {
          group_order: {
            id: number;
            share_token: string;
            admin_link: string;
            status: string;
            cutoff_at: string;
            server_now: string;
          };
        }
      ).group_order;
      expect(group.status).toBe('accepting');
      for (const [member, dietary] of members) {
        const joined = await request.post(`/api/v2/group/${group.share_token}/members`, {
          data: { name: member, email: uniqueEmail('member'), dietary_needs: dietary },
        });
        expect(joined.status(), await joined.text()).toBe(201);
        const { member_token } = (await joined.json()) as { member_token: string };
        const chose = await request.put(`/api/v2/group/${group.share_token}/choice`, {
          headers: { 'x-member-token': member_token },
          data: { menu_id: r.menu_id },
        });
        expect(chose.status(), await chose.text()).toBe(200);
      }
      return {
        id: group.id,
        uuid,
        name,
        chefName: r.business_name,
        adminLink: group.admin_link,
        mealCents: r.price_cents,
        cutoffAt: group.cutoff_at,
        serverNow: group.server_now,
      };
    }
    throw new Error('no one-chef Toronto restaurant preset takes a group order in the demo data');
  } finally {
    await db.end();
  }
}

/** The operations console's moves of the combined order, through its API as the demo staff account. */
async function staffMoves(request: APIRequestContext, orderId: number, events: string[]): Promise<void> {
  const signedIn = await request.post('/user_token', {
    data: { auth: { email: 'ops@caterway.ca', password: 'Kitchen4Ops' } },
  });
  const { jwt } = (await signedIn.json()) as { jwt: string };
  for (const event of events) {
    const res = await request.post(`/api/v2/ops/orders/${orderId}/events`, {
      headers: { authorization: `Bearer ${jwt}` },
      data: { event },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

async function signInThroughPrompt(page: Page, email: string) {
  await page.goto('/my-orders');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
}

/**
 * The URL a click opened in a new tab, as requested: the group-order site takes the admin token
 * out of its address bar once it loads, so the tab's current URL may no longer show it.
 */
async function openedInNewTab(page: Page, click: () => Promise<void>): Promise<URL> {
  const navigations: Request[] = [];
  const onRequest = (r: Request) => {
    if (r.isNavigationRequest()) navigations.push(r);
  };
  page.context().on('request', onRequest);
  try {
    const [tab] = await Promise.all([page.context().waitForEvent('page'), click()]);
    await tab.waitForLoadState('domcontentloaded');
    const first = navigations.find((r) => r.frame().page() === tab);
    const url = new URL(first?.url() ?? tab.url());
    await tab.close();
    return url;
  } finally {
    page.context().off('request', onRequest);
  }
}

const storedAdminToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('caterway.user') ?? '{}') as { adminToken?: string }).adminToken ?? null,
  );

test('a group order in My Orders: kind Group Order, the detail modal, Edit Order in a new tab, Cancel order after YES @phone', async ({
  page,
  request,
}) => {
  const creator = await freshCreator(request);
  const group = await startGroupOrder(request, creator.jwt, 'week', [['Ana Souza', 'Vegan']]);
  await signInThroughPrompt(page, creator.email);
  const adminToken = await storedAdminToken(page);
  expect(adminToken, 'sign-in stores the admin token').toBeTruthy();

  const card = page.getByRole('button', { name: new RegExp(group.name) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Group Order', { exact: true })).toBeVisible();
  await expect(card.getByText('accepting', { exact: true })).toBeVisible();
  await expect(card.getByText(group.chefName)).toBeVisible();

  const detailCall = page.waitForResponse((r) => r.url().endsWith(`/api/v2/group_orders/${group.id}/detail`));
  await card.click();
  expect((await detailCall).status()).toBe(200);
  const modal = page.getByRole('dialog', { name: `Group order: ${group.name}` });
  await expect(modal).toBeVisible();
  const fact = (term: string) =>
    modal
      .locator('dl > div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
      .getByRole('definition');
  await expect(fact('Company')).toHaveText('Northwind Consulting');
  await expect(fact('Address')).toContainText('100 King St W');
  await expect(fact('Contact')).toHaveText('Dana Morgan');
  await expect(fact('Phone')).toHaveText('416-555-0101');
  await expect(fact('Head count')).toHaveText('6');
  await expect(fact('Instructions')).toHaveText('Front desk');
  await expect(fact('Subtotal')).toHaveText(`$${(group.mealCents / 100).toFixed(2)}`);
  await expect(fact('Delivery fee')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(fact('HST 13%')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(fact('Total')).toHaveText(/^\$\d+\.\d\d$/);
  await expect(modal.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  await expectAccessible(page);

  // Edit Order: the admin link on the group-order site, in a new tab, with the admin token
  const edit = modal.getByRole('link', { name: /Edit Order/ });
  await expect(edit).toHaveAttribute('target', '_blank');
  const opened = await openedInNewTab(page, () => edit.click());
  expect(`${opened.origin}${opened.pathname}`).toBe(group.adminLink);
  expect(opened.searchParams.get('admin_token')).toBe(adminToken);

  // Cancel order asks first; NO keeps it
  await modal.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(confirm.getByText('Are you sure you want to cancel this order?')).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'NO' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Cancel order' }).click();
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v2/group_orders/${group.id}`),
    ),
    page.getByRole('dialog', { name: 'Cancel order' }).getByRole('button', { name: 'YES' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // the list reloads: no longer upcoming, under PAST as canceled (the document's value) with no Edit Order or Cancel order
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'PAST' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByText('canceled', { exact: true })).toBeVisible();
  await card.click();
  const closed = page.getByRole('dialog', { name: `Group order: ${group.name}` });
  await expect(closed.getByText('canceled', { exact: true })).toBeVisible();
  await expect(closed.getByRole('link', { name: /Edit Order/ })).toHaveCount(0);
  await expect(closed.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('the greeting menu’s Group Order Dashboard opens the dashboard of the user in a new tab with the admin token', async ({
  page,
  request,
}) => {
  const creator = await freshCreator(request);
  const userId = creator.id;
  const config = (await (await request.get('/api/v2/site_config')).json()) as { group_orders_url: string };
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(creator.email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
  const adminToken = await storedAdminToken(page);
  expect(adminToken).toBeTruthy();

  await page.getByRole('button', { name: 'Hi, Dana' }).click();
  const entry = page.getByRole('link', { name: 'Group Order Dashboard' });
  await expect(entry).toHaveAttribute('target', '_blank');
  await expect(entry).toHaveAttribute('rel', /noopener/);
  const opened = await openedInNewTab(page, () => entry.click());
  expect(`${opened.origin}${opened.pathname}`).toBe(`${config.group_orders_url}/grouporder-dashboard/${userId}`);
  expect(opened.searchParams.get('admin_token')).toBe(adminToken);
  // the token is this user's dashboard key (its claims; the API checks its signature and session)
  const claims = JSON.parse(Buffer.from(adminToken!.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    aud: string;
    exp: number;
  };
  expect(claims).toMatchObject({ sub: String(userId), aud: 'caterway:grouporder-dashboard' });
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
});

test('a delivered group order: Download PDF saves its invoice as order_{id}.pdf; the label sheet is ready', async ({
  page,
  request,
}) => {
  const creator = await freshCreator(request);
  await saveCard(request, creator.jwt);
  const headers = { authorization: `Bearer ${creator.jwt}` };
  const group = await startGroupOrder(request, creator.jwt, 'soon', [
    ['Ana Souza', 'Vegan'],
    ['Ben Okafor', ''],
  ]);
  // the server clock past the cut-off: the in-process runner closes ordering and places the combined order
  const advance = Math.ceil((Date.parse(group.cutoffAt) - Date.parse(group.serverNow)) / 1000) + 2;
  expect((await request.post('/api/v2/test/clock', { data: { advance_seconds: advance } })).status()).toBe(200);
  let orderId = 0;
  await expect
    .poll(
      async () => {
        const g = (
          (await (await request.get(`/api/v2/group_orders/${group.uuid}`, { headers })).json()) as {
            group_order: { status: string; catering_order_id: number | null };
          }
        ).group_order;
        orderId = g.catering_order_id ?? 0;
        return g.status;
      },
      { timeout: 15_000 },
    )
    .toBe('waiting_for_delivery');
  await staffMoves(request, orderId, ['accept', 'mark_delivery_ready', 'mark_delivered']);

  await signInThroughPrompt(page, creator.email);
  await page.getByRole('tab', { name: 'PAST' }).click();
  const card = page.getByRole('button', { name: new RegExp(group.name) });
  await expect(card.getByText('Group Order', { exact: true })).toBeVisible();
  await expect(card.getByText('delivered', { exact: true })).toBeVisible();
  await card.click();
  const modal = page.getByRole('dialog', { name: /^Order #/ });
  await expect(modal.getByText('delivered', { exact: true })).toBeVisible();
  await expect(modal.getByRole('link', { name: /Edit Order/ })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`order_${group.id}.pdf`);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // the restaurant's copy: the label sheet (its content is checked by the API's tests)
  const labels = await request.get(`/api/v2/group_orders/${group.uuid}/labels.pdf`, { headers });
  expect(labels.status()).toBe(200);
  expect(labels.headers()['content-type']).toBe('application/pdf');
  expect((await labels.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
