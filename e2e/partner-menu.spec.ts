/// <reference lib="dom" />
import type { PresetDetail } from '@caterway/contracts';
import { formatCents } from '@caterway/domain';
import { test, expect, expectAccessible, signInFromNav } from './fixtures';
import { apiToken, chooseDelivery, dayAt1130, e2eDb } from './order-setup';

// Issue 19 part 3, the menu (decision 052): the owner of Masala House signs in, opens Menu, changes
// a dish's price, and the storefront's page of the restaurant shows the new price. The restaurant
// page is not read before the change, so no API instance of the cluster holds it in its cache
// (the cross-instance invalidation is part 4's). A customer's cart saved with the dish before the
// change says so at checkout (decision 060).

const kitchen = { email: 'kitchen@caterway.ca', password: 'Prep4Lunch' };
const dishName = 'Butter Chicken';

test('the owner changes a price in Menu and the storefront shows it', async ({ page, request, browser }) => {
  // the demo customer saves a cart with the dish (through the API, which never reads the
  // storefront's cached restaurant page)
  const db = await e2eDb();
  const { rows } = await db
    .query<{ preset_id: number; menu_id: number; included: Record<string, number> }>(
      // 10 of the dish with its included components once a unit, as the storefront adds it
      `SELECT p.id::int AS preset_id, m.id::int AS menu_id,
              (SELECT json_object_agg(mi.id, 10) FROM menu_items mi WHERE mi.menu_id = m.id AND mi.price_cents = 0) AS included
         FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
         JOIN menus m ON m.chef_id = c.id AND m.name = $1
        WHERE p.preset_type = 'restaurant' AND c.business_name = 'Masala House'`,
      [dishName],
    )
    .finally(() => db.end());
  const customer = { authorization: `Bearer ${await apiToken(request)}` };
  const savedRes = await request.post('/api/v2/presets', {
    headers: customer,
    data: {
      preset: {
        preset_type: 'save_for_later',
        base_preset_id: rows[0]!.preset_id,
        name: `Before the price change ${Date.now().toString(36)}`,
        preset_items: [{ id: 1, menu_id: rows[0]!.menu_id, quantity: 10, menu_items_mapping: rows[0]!.included }],
      },
    },
  });
  expect(savedRes.status(), await savedRes.text()).toBe(201);
  const saved = ((await savedRes.json()) as { preset: { slug: string } }).preset;

  await page.goto('/partner');
  await signInFromNav(page, kitchen);

  await page
    .getByRole('link', { name: /Masala House/ })
    .first()
    .click();
  await page.getByRole('navigation', { name: 'Restaurant portal' }).getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('heading', { name: 'Menu', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: `Edit ${dishName}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${dishName}` });
  const price = editor.getByLabel('Price ($)').first();
  const before = Math.round(Number(await price.inputValue()) * 100);
  const after = before + 125;
  await price.fill((after / 100).toFixed(2));
  await editor.getByRole('button', { name: 'Save dish' }).click();
  await expect(editor).toHaveCount(0);
  const row = page.getByRole('listitem').filter({ hasText: dishName }).first();
  await expect(row).toContainText(formatCents(after));

  // the audit log says who changed what
  const token = ((await (await request.post('/user_token', { data: { auth: kitchen } })).json()) as { jwt: string })
    .jwt;
  const restaurants = (await (
    await request.get('/api/v2/partner/restaurants', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { restaurants: { id: number; slug: string; name: string }[] };
  const masala = restaurants.restaurants.find((r) => r.name === 'Masala House')!;
  const audit = (await (
    await request.get(`/api/v2/partner/restaurants/${masala.id}/audit`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { entries: { summary: string }[] };
  expect(audit.entries[0]!.summary).toBe(`Price of ${dishName}: ${formatCents(before)} → ${formatCents(after)}`);

  // the storefront's restaurant page
  await page.goto(`/chefs/${masala.slug}`);
  const card = page.getByText(dishName, { exact: true }).first();
  await expect(card).toBeVisible();
  await expect(page.getByText(formatCents(after)).first()).toBeVisible();

  // the saved cart reads the new price, and its checkout names the change (a notice; the order is priced today)
  const shopper = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const cart = await shopper.newPage();
  const detail = (await (await request.get(`/api/v2/presets/${saved.slug}`, { headers: customer })).json()) as {
    preset: PresetDetail;
  };
  // a saved cart opens for its owner alone (without its share token)
  await cart.goto('/');
  await signInFromNav(cart);
  await chooseDelivery(cart, dayAt1130(detail.preset)!);
  await cart.goto(`/preset-detail/${saved.slug}`);
  const order = cart.getByRole('complementary', { name: 'Your order' });
  await expect(order.getByText(`10 × ${formatCents(after)}`)).toBeVisible();
  await order.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(cart).toHaveURL(/\/checkout$/);
  await expect(cart.getByRole('status').filter({ hasText: 'Prices changed' })).toHaveText(
    `Prices changed since you added these items: ${dishName} ${formatCents(before)} → ${formatCents(after)}`,
  );
  await expect(cart.getByText(`10 × ${dishName}`)).toBeVisible();
  await shopper.close();
});
