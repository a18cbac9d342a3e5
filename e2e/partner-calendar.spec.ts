/// <reference lib="dom" />
import type pg from 'pg';
import { test, expect, expectAccessible } from './fixtures';
import { apiToken, e2eDb } from './order-setup';

// Issue 19 part 2, the restaurant's calendar (decision 055): the demo restaurant's owner closes
// tomorrow on the portal's Calendar page; the restaurant's page then shows it unavailable for a
// delivery tomorrow with its next available time, and a checkout for tomorrow is refused.

const owner = { email: 'kitchen@caterway.ca', password: 'Prep4Lunch' };
const allWeek = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    { enabled: true, windows: [{ open: '09:00', close: '20:00' }] },
  ]),
);

interface Restaurant {
  id: number;
  slug: string;
  time_zone: string;
  store_hours: object;
  preset_id: number;
}

test.describe('the restaurant calendar', () => {
  let db: pg.Client;
  let restaurant: Restaurant;
  test.beforeAll(async () => {
    db = await e2eDb();
    const { rows } = await db.query<Restaurant>(
      `SELECT c.id::int AS id, c.slug, c.time_zone, c.store_hours, p.id::int AS preset_id
         FROM restaurant_members m JOIN users u ON u.id = m.user_id JOIN chefs c ON c.id = m.chef_id
         JOIN preset_chefs pc ON pc.chef_id = c.id JOIN presets p ON p.id = pc.preset_id AND p.preset_type = 'restaurant'
        WHERE u.email = $1 AND m.role = 'owner' ORDER BY c.id LIMIT 1`,
      [owner.email],
    );
    restaurant = rows[0]!;
  });
  test.afterAll(async () => {
    // leave the demo restaurant as it was for the other specs
    await db.query('DELETE FROM restaurant_closures WHERE chef_id = $1', [restaurant.id]);
    await db.query('UPDATE chefs SET store_hours = $2 WHERE id = $1', [
      restaurant.id,
      JSON.stringify(restaurant.store_hours),
    ]);
    await db?.end();
  });

  test('the owner closes tomorrow: the storefront shows it unavailable and checkout refuses it', async ({
    page,
    request,
  }) => {
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: restaurant.time_zone }).format(
      new Date(Date.now() + 86_400_000),
    );
    // open every day, so that tomorrow is closed by the closure and nothing else
    const signIn = await request.post('/user_token', { data: { auth: owner } });
    const ownerToken = ((await signIn.json()) as { jwt: string }).jwt;
    const hours = await request.put(`/api/v2/partner/restaurants/${restaurant.id}/calendar/hours`, {
      headers: { authorization: `Bearer ${ownerToken}` },
      data: allWeek,
    });
    expect(hours.status(), await hours.text()).toBe(200);
    const before = await request.get(
      `/api/v2/presets/${restaurant.preset_id}/availability?delivery_date=${tomorrow}&delivery_time=${encodeURIComponent('07:00 PM')}`,
    );
    expect(((await before.json()) as { reason: string | null }).reason).not.toBe('closed');

    // the owner signs in and closes tomorrow on the Calendar page
    await page.goto(`/partner/${restaurant.id}/calendar`);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByLabel('Password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('First day').fill(tomorrow);
    await page.getByLabel('Reason', { exact: true }).fill('Private event');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Closure added.')).toBeVisible();
    await expect(page.getByRole('list').filter({ hasText: 'Private event' })).toContainText('Closed all day');
    await expectAccessible(page);

    // the storefront: a delivery tomorrow evening is unavailable, with the next time offered
    await page.evaluate(
      ([date]) => {
        localStorage.setItem('delivery_date', date!);
        localStorage.setItem('delivery_time', '07:00 PM');
      },
      [tomorrow],
    );
    await page.goto(`/chefs/${restaurant.slug}`);
    const notice = page.getByTestId('slot-notice');
    // why in plain words (the team's reason stays private) and the earliest time as one click (decision 072)
    await expect(notice).toContainText('Closed on ');
    await expect(notice).not.toContainText('Private event');
    await expect(notice).toContainText('Store is closed on this day!');
    await expect(notice.getByRole('button', { name: /^Deliver .+ instead$/ })).toBeVisible();
    // and its Store hours list the closure among the coming changes (decision 068)
    await page.getByRole('button', { name: 'Store hours' }).click();
    const hoursDialog = page.getByRole('dialog', { name: 'Store hours' });
    const changes = hoursDialog.getByRole('region', { name: 'Holiday hours and closures' });
    await expect(changes.getByRole('listitem')).toHaveCount(1);
    await expect(changes.getByRole('listitem')).toContainText('Closed');
    // the team's reason is not for customers
    await expect(hoursDialog).not.toContainText('Private event');
    await page.keyboard.press('Escape');

    // checkout for tomorrow is refused by the server
    const token = await apiToken(request);
    const preset = (
      (await (await request.get(`/api/v2/presets/${restaurant.preset_id}`)).json()) as {
        preset: {
          id: number;
          preset_items: { id: number; menu_id: number; quantity: number; menu_items_mapping: object }[];
        };
      }
    ).preset;
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
          delivery_date: tomorrow,
          delivery_time: '07:00 PM',
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
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { messages: string[] }).messages).toContain('Store is closed on this day!');
  });
});
