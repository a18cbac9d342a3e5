import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectAccessible, demoCustomer } from './fixtures';
import { e2eDb } from './order-setup';

// Issue 6 item 5 and the navigation entry (ordering-payments §2): in the storefront, a group
// order shows in My Orders as kind Group Order, its detail modal has the spec's fields
// (browse-account-orders §3 'Group order detail'), Edit Order opens the admin link on the
// group-order site in a new tab, Cancel order asks first and the list reloads; the greeting
// menu's Group Order Dashboard opens the dashboard in a new tab with the admin token.
// The group order is set up through the group-order API as its creator and one member would.

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

interface StartedGroup {
  id: number;
  uuid: string;
  name: string;
  chefName: string;
  adminLink: string;
  mealCents: number;
}

async function apiSignIn(request: APIRequestContext): Promise<{ jwt: string; userId: number }> {
  const res = await request.post('/user_token', { data: { auth: { email: demoCustomer.email, password: demoCustomer.password } } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { jwt: string; user: { id: number } };
  return { jwt: body.jwt, userId: body.user.id };
}

/** A group order of the demo customer, open for ordering a week ahead, with one member's meal. */
async function startGroupOrder(request: APIRequestContext, jwt: string): Promise<StartedGroup> {
  const headers = { authorization: `Bearer ${jwt}` };
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ preset_id: number; chef_id: number; business_name: string; latitude: number; longitude: number; menu_id: number; price_cents: number }>(
      `SELECT p.id::int AS preset_id, c.id::int AS chef_id, c.business_name, c.latitude::float8 AS latitude, c.longitude::float8 AS longitude, m.id::int AS menu_id, m.price_cents::int AS price_cents
         FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
         JOIN LATERAL (SELECT id, price_cents FROM menus WHERE chef_id = c.id AND NOT is_deleted AND price_cents > 0 AND min_order_amount <= 1 ORDER BY price_cents, id LIMIT 1) m ON true
        WHERE p.preset_type = 'restaurant' AND p.is_active AND c.city = 'Toronto' AND (SELECT count(*) FROM preset_chefs x WHERE x.preset_id = p.id) = 1
        ORDER BY p.id LIMIT 20`,
    );
    const delivery = new Date();
    delivery.setDate(delivery.getDate() + 8);
    for (const r of rows) {
      const created = await request.post('/api/v2/group_orders', { headers, data: { preset_id: r.preset_id, delivery_params: {} } });
      if (created.status() !== 201) continue;
      const { uuid } = (await created.json()) as { uuid: string };
      const name = `Team lunch ${Date.now().toString(36)}`;
      const put = await request.put(`/api/v2/group_orders/${uuid}`, {
        headers,
        data: {
          name,
          head_count: 6,
          budget_cents: r.price_cents,
          gap_days: 1,
          cutoff_time: 17 * 3600,
          delivery_date: iso(delivery),
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
        },
      });
      if (put.status() !== 200) continue; // outside this chef's delivery area: the next one
      const group = ((await put.json()) as { group_order: { id: number; share_token: string; admin_link: string; status: string } }).group_order;
      expect(group.status).toBe('accepting');
      const joined = await request.post(`/api/v2/group/${group.share_token}/members`, { data: { name: 'Ana Souza', email: `ana.${Date.now()}@example.com`, dietary_needs: 'Vegan' } });
      expect(joined.status(), await joined.text()).toBe(201);
      const { member_token } = (await joined.json()) as { member_token: string };
      const chose = await request.put(`/api/v2/group/${group.share_token}/choice`, { headers: { 'x-member-token': member_token }, data: { menu_id: r.menu_id } });
      expect(chose.status(), await chose.text()).toBe(200);
      return { id: group.id, uuid, name, chefName: r.business_name, adminLink: group.admin_link, mealCents: r.price_cents };
    }
    throw new Error('no one-chef Toronto restaurant preset takes a group order in the demo data');
  } finally {
    await db.end();
  }
}

async function signInThroughPrompt(page: Page) {
  await page.goto('/my-orders');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
}

const storedAdminToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('caterway.user') ?? '{}') as { adminToken?: string }).adminToken ?? null);

test('a group order in My Orders: kind Group Order, the detail modal, Edit Order in a new tab, Cancel order after YES', async ({ page, request }) => {
  const { jwt } = await apiSignIn(request);
  const group = await startGroupOrder(request, jwt);
  await signInThroughPrompt(page);
  const adminToken = await storedAdminToken(page);
  expect(adminToken, 'sign-in stores the admin token').toBeTruthy();

  const card = page.getByRole('button', { name: new RegExp(group.name) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Group Order', { exact: true })).toBeVisible();
  await expect(card.getByText('Accepting', { exact: true })).toBeVisible();
  await expect(card.getByText(group.chefName)).toBeVisible();

  const detailCall = page.waitForResponse((r) => r.url().endsWith(`/api/v2/group_orders/${group.id}/detail`));
  await card.click();
  expect((await detailCall).status()).toBe(200);
  const modal = page.getByRole('dialog', { name: `Group order: ${group.name}` });
  await expect(modal).toBeVisible();
  const fact = (term: string) => modal.locator('dl > div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
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
  const [tab] = await Promise.all([page.context().waitForEvent('page'), edit.click()]);
  await tab.waitForLoadState('domcontentloaded');
  const opened = new URL(tab.url());
  expect(`${opened.origin}${opened.pathname}`).toBe(group.adminLink);
  expect(opened.searchParams.get('admin_token')).toBe(adminToken);
  await tab.close();

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
    page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v2/group_orders/${group.id}`)),
    page.getByRole('dialog', { name: 'Cancel order' }).getByRole('button', { name: 'YES' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // the list reloads: no longer upcoming, under PAST as Cancelled with no Edit Order or Cancel order
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'PAST' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await card.click();
  const closed = page.getByRole('dialog', { name: `Group order: ${group.name}` });
  await expect(closed.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(closed.getByRole('link', { name: /Edit Order/ })).toHaveCount(0);
  await expect(closed.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('the greeting menu’s Group Order Dashboard opens the dashboard of the user in a new tab with the admin token', async ({ page, request }) => {
  const { userId } = await apiSignIn(request);
  const config = (await (await request.get('/api/v2/site_config')).json()) as { group_orders_url: string };
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
  const adminToken = await storedAdminToken(page);
  expect(adminToken).toBeTruthy();

  await page.getByRole('button', { name: `Hi, ${demoCustomer.firstName}` }).click();
  const entry = page.getByRole('link', { name: 'Group Order Dashboard' });
  await expect(entry).toHaveAttribute('target', '_blank');
  await expect(entry).toHaveAttribute('rel', /noopener/);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), entry.click()]);
  await tab.waitForLoadState('domcontentloaded');
  const opened = new URL(tab.url());
  expect(`${opened.origin}${opened.pathname}`).toBe(`${config.group_orders_url}/grouporder-dashboard/${userId}`);
  expect(opened.searchParams.get('admin_token')).toBe(adminToken);
  // the token is this user's dashboard key (its claims; the API checks its signature and session)
  const claims = JSON.parse(Buffer.from(adminToken!.split('.')[1]!, 'base64url').toString()) as { sub: string; aud: string; exp: number };
  expect(claims).toMatchObject({ sub: String(userId), aud: 'caterway:grouporder-dashboard' });
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  await tab.close();
});
