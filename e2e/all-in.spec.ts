/// <reference lib="dom" />
import type { PresetDetail } from '@caterway/contracts';
import { formatCents } from '@caterway/domain';
import { test, expect } from './fixtures';
import { apiToken, chooseDelivery, dayAt1130, e2eDb, orderRow } from './order-setup';

// Issue 20 §1 (decision 071): a preset card's all-in price per person for the chosen address
// and headcount is honest: it is what checkout charges for that cart (with a piece of cutlery a
// head, no tip), divided by the heads. The preset page's cart says the same.

test('a preset card shows its all-in price per person, and checkout charges exactly that @phone', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await chooseDelivery(page, week);
  await page.goto('/browse-presets');
  const cards = page.getByTestId('preset-card').filter({ has: page.getByTestId('all-in') });
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByTestId('all-in')).toHaveText(/^\$[\d,]+\.\d\d \/person all-in · for \d+ people$/);

  const token = await apiToken(request);
  const db = await e2eDb();
  try {
    // the first listed one-restaurant preset that checkout takes at 11:30 within the week
    for (let i = 0; i < Math.min(await cards.count(), 8); i++) {
      const card = cards.nth(i);
      const href = await card.getByRole('link').first().getAttribute('href');
      const slug = href!.split('/').pop()!;
      const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
      const date = dayAt1130(preset);
      if (preset.chefs.length !== 1 || !date) continue;
      const heads = preset.number_of_guests;
      const shown = await card.getByTestId('all-in').textContent();
      expect(shown).toContain(`for ${heads} people`);

      // the same figure once the office manager says how many people: the preset's own guests
      await page.evaluate((n) => localStorage.setItem('caterway.headcount', String(n)), heads);
      const listing = page.waitForRequest(
        (r) => r.url().includes('/api/v2/search') && r.url().includes(`headcount=${heads}`),
      );
      await page.reload();
      await listing;
      await expect(
        page.getByTestId('preset-card').filter({ hasText: preset.name }).first().getByTestId('all-in'),
      ).toHaveText(shown!);

      // checkout of the preset's cart for that many people, to the same address
      const created = await request.post('/api/v2/catering_orders', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          is_eft: false,
          catering_order: {
            preset_id: preset.id,
            num_cutlery: heads,
            serving_style: 'Individually Packaged',
            receiving_method: 'delivery',
            first_name: 'Dana',
            last_name: 'Demo',
            company_name: 'Maple Analytics',
            phone_number: '416-555-0142',
            email: 'demo@caterway.ca',
            delivery_address: '100 King St W, Toronto, ON',
            delivery_suite_address: 'Suite 500',
            delivery_date: date,
            delivery_time: '11:30',
            delivery_instruction: 'Front desk',
            latitude: 43.6487,
            longitude: -79.3817,
            preset_items: preset.preset_items.map((it) => ({
              id: it.id,
              menu_id: it.menu_id,
              quantity: it.quantity,
              menu_items_mapping: it.menu_items_mapping,
            })),
          },
        },
      });
      if (created.status() !== 201) continue; // a chef's minimum or its notice: the next card
      const order = ((await created.json()) as { catering_order: { id: number } }).catering_order;
      const charged = (await orderRow(db, order.id)).total_cents;
      const perPerson = formatCents(Math.ceil(charged / heads));
      expect(shown).toBe(`${perPerson} /person all-in · for ${heads} people`);

      // the preset page's cart: the same share of its real lines, fee, cutlery and tax
      await page.goto(href!);
      await expect(page.getByTestId('cart-all-in').first()).toContainText(
        `${perPerson} /person all-in · ${heads} people`,
      );
      await expect(page.getByTestId('cart-all-in').first()).toContainText(
        `${heads} cutlery sets and tax, before tip: ${formatCents(charged)}`,
      );
      return;
    }
    throw new Error('no listed preset could be checked out for the week');
  } finally {
    await db.end();
  }
});

test('without an address the cards show no all-in price', async ({ page }) => {
  await page.goto('/browse-presets');
  await expect(page.getByTestId('preset-card').first()).toBeVisible();
  await expect(page.getByTestId('all-in')).toHaveCount(0);
});
