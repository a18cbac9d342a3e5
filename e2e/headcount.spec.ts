/// <reference lib="dom" />
import type { APIRequestContext, Page } from '@playwright/test';
import type { PresetDetail } from '@caterway/contracts';
import { test, expect } from './fixtures';

// Issue 20 'headcount first' (decision 070): 40 people chosen in the delivery bar, a preset opens
// with its cart scaled to them and says "Serves N · you need 40"; a line lowered by hand makes
// the cart warn, "Scale to 40 people" fixes it, and the headcount survives a reload.

type WirePreset = PresetDetail;
type Hours = WirePreset['store_hours'];
const weekdays: (keyof Hours)[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The first day from five days ahead on which the preset takes an 11:30 AM delivery. */
function goodDay(preset: WirePreset): string {
  for (let i = 5; i < 19; i++) {
    const d = new Date();
    d.setDate(d.getDate() + i);
    const h = preset.store_hours[weekdays[d.getDay()]!];
    if (h && h.enabled && h.open <= '11:30' && h.close >= '11:30') return iso(d);
  }
  throw new Error(`no open day for ${preset.slug}`);
}

async function cateringPreset(request: APIRequestContext): Promise<WirePreset> {
  const res = await request.get('/api/v2/presets');
  const body = (await res.json()) as { presets: { all_presets: [string, { slug: string; preset_type: string }[]][] } };
  const card = body.presets.all_presets.flatMap(([, list]) => list).find((p) => p.preset_type === 'catering')!;
  const detail = await request.get(`/api/v2/presets/${card.slug}`);
  return ((await detail.json()) as { preset: WirePreset }).preset;
}

/** Delivery details on the device, next door to the first chef (the bar reads them at start). */
async function setDelivery(page: Page, preset: WirePreset) {
  const chef = preset.chefs[0]!;
  await page.evaluate(
    ([d, address, lat, lng]) => {
      localStorage.setItem('delivery_date', d!);
      localStorage.setItem('delivery_time', '11:30 AM');
      localStorage.setItem('address', address!);
      localStorage.setItem('lat', lat!);
      localStorage.setItem('lng', lng!);
      localStorage.setItem('caterway.receiving_method', 'delivery');
    },
    [goodDay(preset), `${chef.address1}, ${chef.city}`, String(chef.latitude + 0.002), String(chef.longitude)],
  );
  await page.reload();
}

const servingsOf = async (page: Page) => {
  const text = await page
    .getByRole('complementary', { name: 'Your order' })
    .getByText(/Serves \d+ · you need 40/)
    .first()
    .textContent();
  return Number(/Serves (\d+)/.exec(text ?? '')![1]);
};

test('40 people in the delivery bar: the preset opens scaled, warns when lowered, Scale fixes it, kept after reload', async ({
  page,
  request,
}) => {
  const preset = await cateringPreset(request);
  await page.goto(`/preset-detail/${preset.slug}`);
  await setDelivery(page, preset);
  const cart = page.getByRole('complementary', { name: 'Your order' });
  await expect(cart.getByLabel('How many people?')).toHaveValue('');

  const bar = page.getByRole('region', { name: 'Delivery details' });
  await bar.getByRole('button', { name: 'Update Details' }).click();
  await bar.getByLabel('How many people?').fill('40');
  await bar.getByRole('button', { name: 'SAVE' }).click();
  await expect(bar.getByText('40 people')).toBeVisible();

  // the untouched cart follows the headcount: it feeds at least 40
  await expect(cart.getByRole('status').filter({ hasText: /^Serves \d+ · you need 40$/ })).toBeVisible();
  expect(await servingsOf(page)).toBeGreaterThanOrEqual(40);
  await expect(cart.getByLabel('How many people?')).toHaveValue('40');

  // lower the line that feeds the most to its minimum (its included components follow it)
  const serves = new Map(preset.chefs.flatMap((c) => c.menus.map((m) => [m.id, m.serves] as const)));
  const line = preset.preset_items
    .filter((i) => i.quantity > 0)
    .sort((a, b) => b.quantity * (serves.get(b.menu_id) ?? 1) - a.quantity * (serves.get(a.menu_id) ?? 1))[0]!;
  await cart.getByRole('button', { name: `Edit ${line.name}` }).click();
  const dialog = page.getByRole('dialog', { name: line.name });
  await dialog.getByLabel('Quantity', { exact: true }).fill(String(Math.max(1, line.min_order_amount)));
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toHaveCount(0);
  const warning = cart.getByRole('alert').filter({ hasText: 'you need 40' });
  await expect(warning).toContainText('fewer people than you need');
  expect(await servingsOf(page)).toBeLessThan(40);

  await cart.getByRole('button', { name: 'Scale to 40 people' }).click();
  await expect(warning).toHaveCount(0);
  expect(await servingsOf(page)).toBeGreaterThanOrEqual(40);

  await page.reload();
  await expect(cart.getByLabel('How many people?')).toHaveValue('40');
  await expect(bar.getByText('40 people')).toBeVisible();
  expect(await servingsOf(page)).toBeGreaterThanOrEqual(40);
});
