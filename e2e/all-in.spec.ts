/// <reference lib="dom" />
import type { PresetDetail } from '@caterway/contracts';
import { formatCents, scaleLinesToHeadcount } from '@caterway/domain';
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
      const guests = preset.number_of_guests;
      const shown = await card.getByTestId('all-in').textContent();
      expect(shown).toContain(`for ${guests} people`);

      // checkout of the lines for that many people, to the same address: the charge
      const charge = async (heads: number, lines: { quantity: number; menuItemsMapping: Record<string, number> }[]) => {
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
              preset_items: preset.preset_items.map((it, i) => ({
                id: it.id,
                menu_id: it.menu_id,
                quantity: lines[i]!.quantity,
                menu_items_mapping: lines[i]!.menuItemsMapping,
              })),
            },
          },
        });
        if (created.status() !== 201) return null; // a chef's minimum or its notice: the next card
        const order = ((await created.json()) as { catering_order: { id: number } }).catering_order;
        return (await orderRow(db, order.id)).total_cents;
      };

      // without a headcount: the preset's own default cart for its own guests
      const charged = await charge(
        guests,
        preset.preset_items.map((it) => ({ quantity: it.quantity, menuItemsMapping: it.menu_items_mapping })),
      );
      if (charged === null) continue;
      const perPerson = formatCents(Math.ceil(charged / guests));
      expect(shown).toBe(`${perPerson} /person all-in · for ${guests} people`);
      // the preset page's cart: the same share of its real lines, fee, cutlery and tax
      await page.goto(href!);
      await expect(page.getByTestId('cart-all-in').first()).toContainText(
        `${perPerson} /person all-in · ${guests} people`,
      );
      await expect(page.getByTestId('cart-all-in').first()).toContainText(
        `${guests} cutlery sets and tax, before tip: ${formatCents(charged)}`,
      );

      // once the office manager says 40 people: the card prices the cart scaled as the cart
      // scales it (decision 070), and checkout of that cart charges exactly the card's figure
      const heads = 40;
      await page.evaluate((n) => localStorage.setItem('caterway.headcount', String(n)), heads);
      const listing = page.waitForRequest(
        (r) => r.url().includes('/api/v2/search') && r.url().includes(`headcount=${heads}`),
      );
      await page.goto('/browse-presets');
      await listing;
      const scaledShown = await page
        .getByTestId('preset-card')
        .filter({ hasText: preset.name })
        .first()
        .getByTestId('all-in')
        .textContent();
      const scaled = scaleLinesToHeadcount(
        preset.preset_items.map((it) => ({
          quantity: it.quantity,
          serves: it.serves,
          minOrderAmount: it.min_order_amount,
          menuItemsMapping: it.menu_items_mapping,
        })),
        heads,
      );
      const chargedScaled = await charge(heads, scaled);
      expect(chargedScaled).not.toBeNull();
      const scaledPerPerson = formatCents(Math.ceil(chargedScaled! / heads));
      expect(scaledShown).toBe(`${scaledPerPerson} /person all-in · for ${heads} people`);
      await page.goto(href!);
      await expect(page.getByTestId('cart-all-in').first()).toContainText(
        `${scaledPerPerson} /person all-in · ${heads} people`,
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
