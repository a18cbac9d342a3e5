/// <reference lib="dom" />
import type { APIRequestContext, Page } from '@playwright/test';
import type { PresetDetail } from '@caterway/contracts';
import { test, expect, expectAccessible, demoCustomer, signInFromNav as signIn } from './fixtures';

// Issue 4, the cart in the browser (ordering-payments §2, §4, §5, §8, §9): build a cart on a
// restaurant page, be refused for a per-item minimum, a chef minimum and the lead time, fix it;
// remove and re-add; the saved-at note after a reload; favourite and Save Cart as the demo
// customer with the emailed link; the suggestion bot; axe at 1280 and 360 px.

// The API's own wire types (packages/contracts), so a journey reads the preset as the storefront does.
type WirePreset = PresetDetail;
type WireChef = WirePreset['chefs'][number];
type WireMenu = WireChef['menus'][number];
type Hours = WirePreset['store_hours'];

const weekdays: (keyof Hours)[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Open at 11:30 on that calendar day (the demo restaurants are in Toronto, like the test machine's clock is read). */
function openAt1130(hours: Hours, day: Date): boolean {
  const h = hours[weekdays[day.getDay()]!];
  return !!h && h.enabled && h.open <= '11:30' && h.close >= '11:30';
}

/** The first day from `from` days ahead on which the preset takes an 11:30 AM delivery. */
function goodDay(preset: WirePreset, from: number): string {
  for (let i = from; i < from + 14; i++) {
    const d = new Date();
    d.setDate(d.getDate() + i);
    if (openAt1130(preset.store_hours, d)) return iso(d);
  }
  throw new Error(`no open day for ${preset.slug}`);
}

async function restaurants(request: APIRequestContext): Promise<WirePreset[]> {
  const res = await request.get('/api/v2/presets');
  const body = (await res.json()) as { presets: { trending_restaurants: { slug: string }[] } };
  const out: WirePreset[] = [];
  for (const r of body.presets.trending_restaurants) {
    const detail = await request.get(`/api/v2/presets/${r.slug}`);
    out.push(((await detail.json()) as { preset: WirePreset }).preset);
  }
  return out;
}

async function cateringPreset(request: APIRequestContext): Promise<WirePreset> {
  const res = await request.get('/api/v2/presets');
  const body = (await res.json()) as { presets: { all_presets: [string, { slug: string; preset_type: string }[]][] } };
  const card = body.presets.all_presets.flatMap(([, list]) => list).find((p) => p.preset_type === 'catering')!;
  const detail = await request.get(`/api/v2/presets/${card.slug}`);
  return ((await detail.json()) as { preset: WirePreset }).preset;
}

/** Puts the delivery details on the device (the delivery bar reads them at start): next door to the first chef. */
async function setDelivery(page: Page, preset: WirePreset, date: string, time = '11:30 AM') {
  const chef = preset.chefs[0]!;
  await page.evaluate(
    ([d, t, address, lat, lng]) => {
      localStorage.setItem('delivery_date', d!);
      localStorage.setItem('delivery_time', t!);
      localStorage.setItem('address', address!);
      localStorage.setItem('lat', lat!);
      localStorage.setItem('lng', lng!);
      localStorage.setItem('caterway.receiving_method', 'delivery');
    },
    [date, time, `${chef.address1}, ${chef.city}`, String(chef.latitude + 0.002), String(chef.longitude)],
  );
  await page.reload();
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const cartOf = (page: Page) => page.getByRole('complementary', { name: 'Your order' });

test('build a cart: per-item and chef minimums refuse, fixing them leads to sign-in, the saved cart survives a reload', async ({
  page,
  request,
}) => {
  // A restaurant whose default cart has a dish with a minimum above 1 that alone stays under its chef's minimum.
  const candidates = await restaurants(request);
  let found: { preset: WirePreset; chef: WireChef; menu: WireMenu } | null = null;
  for (const preset of candidates) {
    for (const item of preset.preset_items) {
      const chef = preset.chefs.find((c) => c.id === item.chef_id)!;
      const menu = chef.menus.find((m) => m.id === item.menu_id)!;
      if (
        preset.preset_items.length >= 2 &&
        menu.min_order_amount >= 2 &&
        menu.price_cents * menu.min_order_amount < chef.pre_order_min_order_amount_cents &&
        openAt1130(preset.store_hours, new Date(Date.now() + 5 * 86_400_000))
      ) {
        found = { preset, chef, menu };
        break;
      }
    }
    if (found) break;
  }
  expect(found, 'a demo restaurant fit for this journey').not.toBeNull();
  const { preset, chef, menu } = found!;
  const min = menu.min_order_amount;

  await page.goto(`/chefs/${preset.slug}`);
  await setDelivery(page, preset, goodDay(preset, 5));
  const cart = cartOf(page);
  await expect(cart).toBeVisible();
  // each tax of the place of supply on its own line: 'HST 13.000%', 'GST 5.000%' and 'QST 9.975%',
  // or a US sales tax with its jurisdiction, 'Sales Tax (Seattle, WA) 10.550%'
  await expect(cart.getByText(/^[A-Za-z ]+( \([A-Za-z .,]+\))? \d+\.\d{3}%$/).first()).toBeVisible();
  await expect(cart.getByText('Delivery Fee')).toBeVisible();
  await expect(
    cart.getByText('The total includes tax and delivery and is the final charge to the card.'),
  ).toBeVisible();
  await expect(cart.getByText(/~~ \[ Saved @/)).toHaveCount(0);
  await expect(cart.getByRole('progressbar', { name: `Minimum order for ${chef.business_name}` })).toBeVisible();

  // Per-item minimum: one below refuses, a fraction refuses, the minimum is accepted.
  await cart.getByRole('button', { name: `Edit ${menu.name}` }).click();
  const dialog = page.getByRole('dialog', { name: menu.name });
  await expect(dialog.getByText(`Minimum order amount: ${min} per item`)).toBeVisible();
  await dialog.getByLabel('Quantity', { exact: true }).fill('2.5');
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select non negative integer.');
  await dialog.getByLabel('Quantity', { exact: true }).fill(String(min - 1));
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Minimum order amount of ${min} per item not met. Please increase quantity and continue.`,
  );
  await dialog.getByLabel('Quantity', { exact: true }).fill(String(min));
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toHaveCount(0);
  // The default cart already held the minimum: a cart equal to the default is not kept.
  await expect(cart.getByText(`${min} × ${money(menu.price_cents)}`)).toBeVisible();
  await expect(cart.getByText(/~~ \[ Saved @/)).toHaveCount(0);

  // Remove every other line: the chef's minimum is no longer met.
  for (const item of preset.preset_items) {
    if (item.menu_id === menu.id) continue;
    await cart.getByRole('button', { name: `Remove ${item.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${item.name}` });
    await expect(confirm.getByText('Are you sure you want to remove this item from your order?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Item removed!').first()).toBeVisible();
  }
  await expect(page.getByText('If you want to add it back, please check additional items.').first()).toBeVisible();
  await expect(cart.getByText(/~~ \[ Saved @ .+ \]/)).toBeVisible();
  const chefMessage = `Minimum ${money(chef.pre_order_min_order_amount_cents)} order not met for ${chef.business_name}. Please add additional items or increase quantity and continue.`;
  await cart.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(toasts(page).getByText(chefMessage)).toBeVisible();
  await expect(cart.getByRole('alert')).toHaveText(chefMessage);

  // Fix it: enough of the dish to reach the minimum; now only signing in stands in the way.
  const enough = Math.max(min, Math.ceil(chef.pre_order_min_order_amount_cents / menu.price_cents));
  await cart.getByRole('button', { name: `Edit ${menu.name}` }).click();
  await dialog.getByLabel('Quantity', { exact: true }).fill(String(enough));
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cart.getByText(`${enough} × ${money(menu.price_cents)}`)).toBeVisible();
  await cart.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(page.getByText('Please Sign In to CheckOut.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The changed cart is kept per preset with its saved time, across a reload.
  await page.reload();
  await expect(cart.getByText(/~~ \[ Saved @ .+ \]/)).toBeVisible();
  await expect(cart.getByText(`${enough} × ${money(menu.price_cents)}`)).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('caterway.cart') ?? '{}') as Record<string, { savedAt: string }>,
  );
  expect(Object.keys(stored)).toEqual([String(preset.id)]);

  // Reset to the default after confirming: the saved cart is dropped.
  await cart.getByRole('button', { name: 'Reset to default' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset preset' });
  await expect(reset.getByText('Are you sure you want to reset the preset?')).toBeVisible();
  await reset.getByRole('button', { name: 'Yes' }).click();
  await expect(cart.getByText(/~~ \[ Saved @/)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('caterway.cart'))).toBeNull();
});

test('lead time: a delivery sooner than its notice is refused for a restaurant that needs more notice', async ({
  page,
  request,
}) => {
  // the first day of the next three whose 11:30 AM is within some restaurant's notice, whatever
  // the weekday today (the restaurants' zone may be hours behind this machine's: a margin of 6 h)
  const cards = (
    (await (await request.get('/api/v2/search?search_type=restaurant&per_page=50')).json()) as {
      presets: { all_presets: { slug: string; store_hours: Hours; pre_order_notice_hour: number }[] };
    }
  ).presets.all_presets;
  let pick: { slug: string; day: Date } | undefined;
  for (let d = 1; d <= 3 && !pick; d++) {
    const day = new Date();
    day.setDate(day.getDate() + d);
    day.setHours(11, 30, 0, 0);
    const hoursAhead = (day.getTime() - Date.now()) / 3_600_000;
    const card = cards.find((c) => c.pre_order_notice_hour > hoursAhead + 6 && openAt1130(c.store_hours, day));
    if (card) pick = { slug: card.slug, day };
  }
  expect(pick, 'a demo restaurant open within its notice in the next three days').toBeTruthy();
  const preset = ((await (await request.get(`/api/v2/presets/${pick!.slug}`)).json()) as { preset: WirePreset }).preset;
  const tomorrow = pick!.day;
  await page.goto(`/chefs/${preset.slug}`);
  await setDelivery(page, preset, goodDay(preset, 5));
  const cart = cartOf(page);
  await expect(cart.getByRole('alert')).toHaveCount(0);

  // Through the delivery bar: that day at 11:30 AM, sooner than the notice.
  const bar = page.getByRole('region', { name: 'Delivery details' });
  await bar.getByRole('button', { name: 'Update Details' }).click();
  await bar.getByLabel('Date').fill(iso(tomorrow));
  await bar.getByLabel('Time').selectOption('11:30 AM');
  await bar.getByRole('button', { name: 'SAVE' }).click();

  const message = `This preset requires ${preset.pre_order_notice_hour} hours notice, please select a delivery date and time that meets the minimum lead time`;
  await expect(cart.getByRole('alert')).toHaveText(message);
  await cart.getByRole('button', { name: 'Checkout' }).last().click();
  await expect(toasts(page).getByText(message)).toBeVisible();

  // Far enough ahead, the alert goes away.
  await bar.getByRole('button', { name: 'Update Details' }).click();
  await bar.getByLabel('Date').fill(goodDay(preset, 5));
  await bar.getByLabel('Time').selectOption('11:30 AM');
  await bar.getByRole('button', { name: 'SAVE' }).click();
  await expect(cart.getByRole('alert')).toHaveCount(0);
});

test('remove an item and add it back from the additional items', async ({ page, request }) => {
  const preset = await cateringPreset(request);
  const item = preset.preset_items[0]!;
  await page.goto(`/preset-detail/${preset.slug}`);
  const cart = cartOf(page);
  await cart.getByRole('button', { name: `Remove ${item.name}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${item.name}` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Item removed!')).toBeVisible();
  await expect(cart.getByRole('button', { name: `Remove ${item.name}` })).toHaveCount(0);

  await cart.getByRole('button', { name: 'Add items' }).click();
  const extra = page.getByRole('dialog', { name: 'Additional items' });
  await extra.getByRole('button', { name: `Add ${item.name}` }).click();
  await expect(page.getByText('Item added!')).toBeVisible();
  await expect(page.getByText('Please check the additional items category.')).toBeVisible();
  await expect(extra.getByRole('button', { name: `Add ${item.name}` })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(cart.getByRole('region', { name: 'Additional items' }).getByText(item.name)).toBeVisible();
  await expect(cart.getByText(/~~ \[ Saved @ .+ \]/)).toBeVisible();
});

test('favourite and Save Cart as the demo customer; the emailed link opens the saved preset', async ({
  page,
  request,
}) => {
  const preset = await cateringPreset(request);
  await page.goto(`/preset-detail/${preset.slug}`);
  // Visitors are asked to sign in.
  await page.getByRole('button', { name: 'Save Cart' }).click();
  await expect(page.getByText('Please Sign In to Save the CheckOut.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await signIn(page);

  const favorite = page.getByRole('button', { name: 'Favorite' });
  const wasFavorite = (await favorite.getAttribute('aria-pressed')) === 'true';
  await favorite.click();
  await expect(page.getByText(wasFavorite ? 'Removed from your Favorites' : 'Added to your Favorites')).toBeVisible();
  await expect(favorite).toHaveAttribute('aria-pressed', String(!wasFavorite));
  await favorite.click();
  await expect(page.getByText(wasFavorite ? 'Added to your Favorites' : 'Removed from your Favorites')).toBeVisible();

  const name = `Team lunch ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Cart' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preset Saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/preset-detail\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Cart' })).toHaveCount(0);
  const savedPath = new URL(page.url()).pathname;

  // The link in the email opens the saved preset.
  let link: string | undefined;
  await expect(async () => {
    const list = await request.get(`/api/v2/dev/mailbox?to=${encodeURIComponent(demoCustomer.email)}&limit=5`);
    const { emails } = (await list.json()) as { emails: { id: number }[] };
    for (const e of emails) {
      const detail = (await (await request.get(`/api/v2/dev/mailbox/${e.id}`)).json()) as {
        email: { text_body: string };
      };
      const match = detail.email.text_body.match(/https?:\/\/\S+\/preset-detail\/[^\s"<>)]+/);
      if (match && new URL(match[0]).pathname === savedPath) link = match[0];
      if (link) break;
    }
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  // the share link (decision 031): the saved cart's path and its share token
  expect(new URL(link!).searchParams.get('share_token')).toMatch(/^[0-9a-f]{64}$/);
  await page.goto(`${new URL(link!).pathname}${new URL(link!).search}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('Create Group Order on a one-chef restaurant goes to the group-order page with the delivery details', async ({
  page,
  request,
}) => {
  const [preset] = await restaurants(request);
  await page.goto(`/chefs/${preset!.slug}`);
  const date = goodDay(preset!, 5);
  await setDelivery(page, preset!, date);
  await page.getByRole('button', { name: 'Create Group Order' }).click();
  await expect(page.getByText('Please Sign In to create a Group Order.')).toBeVisible();
  // Sign in right in the dialog the button opened.
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Group Order' }).click();
  // The group-order site is a later issue: until then the storefront answers /group-orders/… with not-found.
  await expect(page).toHaveURL(
    new RegExp(
      `/group-orders/[0-9a-f-]{36}\\?delivery_date=${date}&delivery_time=11%3A30\\+AM&address=.+&lat=.+&lng=.+$`,
    ),
  );
});

test('the suggestion bot: tooltip remembered, form rules, then a suggestion', async ({ page, request }) => {
  const preset = await cateringPreset(request);
  await page.goto(`/preset-detail/${preset.slug}`);
  const tip = page.getByRole('note').filter({ hasText: 'menu suggestion' });
  await expect(tip).toBeVisible();
  await tip.getByRole('button', { name: 'Dismiss tip' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tip).toHaveCount(0);

  await page.getByRole('button', { name: 'Ask for a menu suggestion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu suggestion' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please fill in the required field.')).toHaveCount(2);
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Request message').fill('Lunch for 20 people, 3 vegetarian');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill('planner@example.com');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await dialog.getByRole('button', { name: 'View Suggestion' }).click();
  const view = dialog.getByRole('region', { name: 'Suggested menu' });
  await expect(view.getByText(/^For 20 people/)).toBeVisible();
  await expect(view.getByRole('row')).not.toHaveCount(1);
  await expect(view.getByText('Total', { exact: true })).toBeVisible();
});

test('the cart and the item modal are accessible at 1280 px', async ({ page, request }) => {
  const [preset] = await restaurants(request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/chefs/${preset!.slug}`);
  await expect(cartOf(page)).toBeVisible();
  await expectAccessible(page);
  await cartOf(page)
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add serving' }).click();
  await expect(dialog.getByLabel('User name')).toBeVisible();
  await expectAccessible(page);
  // Serving rules
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('User name is required.');
  await dialog.getByLabel('User name').fill('Sam');
  await dialog.getByLabel('Quantity', { exact: true }).last().fill('0');
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Quantity must be greater than 0.');
});

test('at 360 px the cart is a bottom total bar that expands, and stays accessible @phone-only', async ({
  page,
  request,
}) => {
  const [preset] = await restaurants(request);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/chefs/${preset!.slug}`);
  const cart = cartOf(page);
  const toggle = cart.getByRole('button', { name: /View order/ });
  await expect(toggle).toBeVisible();
  const box = (await cart.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(700);
  await expect(cart.getByRole('heading', { name: 'Your order' })).toBeHidden();
  await expectAccessible(page);
  await toggle.click();
  await expect(cart.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await cart
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});
