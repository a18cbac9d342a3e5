/// <reference lib="dom" />
import type pg from 'pg';
import type { PresetDetail } from '@caterway/contracts';
import { test, expect, expectAccessible } from './fixtures';
import { apiToken, e2eDb } from './order-setup';

// Issue 19 part 3, "86 an item" (decision 053): the demo kitchen (kitchen@caterway.ca) turns a dish
// off on its portal's Sold out page until the end of the day; the storefront's restaurant page then
// shows it Sold out and cannot add it, and a checkout through the API that holds it is refused with
// the dish's name. Turned back on, it can be added again.

const kitchen = { email: 'kitchen@caterway.ca', password: 'Prep4Lunch' };

test.describe('86 an item', () => {
  let db: pg.Client;
  test.beforeAll(async () => {
    db = await e2eDb();
  });
  test.afterAll(async () => {
    await db?.end();
  });

  test('the kitchen 86s a dish: the storefront shows it sold out and refuses it', async ({
    page,
    request,
    browser,
  }) => {
    // the kitchen's first restaurant, its restaurant page, and a dish that is not in its default cart
    const { rows } = await db.query<{ chef_id: number; slug: string }>(
      `SELECT m.chef_id::int AS chef_id, p.slug
         FROM restaurant_members m JOIN users u ON u.id = m.user_id
         JOIN preset_chefs pc ON pc.chef_id = m.chef_id JOIN presets p ON p.id = pc.preset_id AND p.preset_type = 'restaurant'
        WHERE u.email = $1 ORDER BY m.chef_id LIMIT 1`,
      [kitchen.email],
    );
    const { chef_id: chefId, slug } = rows[0]!;
    const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
    const inCart = new Set(preset.preset_items.map((i) => i.menu_id));
    const dish = preset.chefs[0]!.menus.find((m) => !m.is_deleted && !inCart.has(m.id))!;
    expect(preset.sold_out.menu_ids).not.toContain(dish.id);

    // the kitchen signs in and opens Sold out from the portal's bar
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(kitchen.email);
    await signIn.getByLabel('Password').fill(kitchen.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn).toHaveCount(0);
    await page.goto(`/partner/${chefId}/orders`);
    await page.getByRole('navigation', { name: 'Restaurant portal' }).getByRole('link', { name: 'Sold out' }).click();
    await expect(page.getByRole('heading', { name: 'Sold out', level: 1 })).toBeVisible();
    const toggle = page.getByRole('switch', { name: `${dish.name} available`, exact: true });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(page);

    await toggle.click();
    const durations = page.getByRole('dialog', { name: `Sold out: ${dish.name}` });
    await durations.getByRole('button', { name: 'Until end of day' }).click();
    await expect(durations).toHaveCount(0);
    await expect(page.getByRole('region', { name: `Orders with ${dish.name}` })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Sold out until end of day').first()).toBeVisible();

    // a customer's restaurant page, read after the 86: Sold out, disabled
    const customer = await browser.newPage();
    await customer.goto(`/chefs/${slug}`);
    const soldOut = customer.getByRole('button', { name: `Sold out ${dish.name}` });
    await expect(soldOut).toBeDisabled();
    await expect(soldOut).toHaveText('Sold out');
    await expect(customer.getByRole('button', { name: `Add ${dish.name}` })).toHaveCount(0);

    // a checkout that holds it, sent straight to the API, is refused with the dish's name
    const token = await apiToken(request);
    const refused = await request.post('/api/v2/catering_orders', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        is_eft: false,
        catering_order: {
          preset_id: preset.id,
          num_cutlery: 0,
          serving_style: 'Individually Packaged',
          receiving_method: 'delivery',
          first_name: 'Dana',
          last_name: 'Demo',
          company_name: 'Maple Analytics',
          phone_number: '416-555-0142',
          email: 'demo@caterway.ca',
          delivery_address: '100 King St W, Toronto, ON',
          delivery_date: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
          delivery_time: '11:30',
          latitude: 43.6487,
          longitude: -79.3817,
          preset_items: [
            ...preset.preset_items.map((i) => ({
              id: i.id,
              menu_id: i.menu_id,
              quantity: i.quantity,
              menu_items_mapping: i.menu_items_mapping,
            })),
            { id: 'extra-1', menu_id: dish.id, quantity: Math.max(1, dish.min_order_amount), menu_items_mapping: {} },
          ],
        },
      },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { messages: string[] }).messages).toContain(
      `${dish.name} is sold out today. Remove it to continue.`,
    );

    // back on: the page offers it again
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await customer.reload();
    await expect(customer.getByRole('button', { name: `Add ${dish.name}` })).toBeEnabled();
    await customer.close();
  });
});
