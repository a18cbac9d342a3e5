/// <reference lib="dom" />
import { formatCents } from '@caterway/domain';
import { test, expect, expectAccessible, signInFromNav } from './fixtures';

// Issue 19 part 3, the menu (decision 052): the owner of Masala House signs in, opens Menu, changes
// a dish's price, and the storefront's page of the restaurant shows the new price. The restaurant
// page is not read before the change, so no API instance of the cluster holds it in its cache
// (the cross-instance invalidation is part 4's).

const kitchen = { email: 'kitchen@caterway.ca', password: 'Prep4Lunch' };
const dishName = 'Butter Chicken';

test('the owner changes a price in Menu and the storefront shows it', async ({ page, request }) => {
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
});
