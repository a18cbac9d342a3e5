/// <reference lib="dom" />
import type { APIRequestContext, Page } from '@playwright/test';
import type { PresetDetail } from '@caterway/contracts';
import { formatCents } from '@caterway/domain';
import { test, expect, expectAccessible, demoCustomer } from './fixtures';
import { chooseDelivery } from './order-setup';

// Issue 4, checkout and payments in the browser (ordering-payments §2, §4, §6, §8): the demo
// customer checks out a catering preset with a new card and saves it, with a 15% tip and a PO
// number (completed page with its receipt, and the confirmation email), pays again with the saved default card, is declined by a declining test
// card, pays by bank debit (EFT) where the chef enables it, and manages the saved methods at
// /payments; axe on /checkout and /payments at 1280 and 360 px. Runs in file order: later
// journeys use the card the first one saved.

test.describe.configure({ mode: 'serial' });

// The API's own wire types (packages/contracts), so a journey reads the preset as the storefront does.
type WirePreset = PresetDetail;
type Hours = WirePreset['store_hours'];

const weekdays: (keyof Hours)[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function openAt1130(hours: Hours, day: Date): boolean {
  const h = hours[weekdays[day.getDay()]!];
  return !!h && h.enabled && h.open <= '11:30' && h.close >= '11:30';
}

/** The first day from 5 days ahead on which the preset takes an 11:30 AM delivery. */
function goodDay(preset: WirePreset): string {
  for (let i = 5; i < 19; i++) {
    const d = new Date();
    d.setDate(d.getDate() + i);
    if (openAt1130(preset.store_hours, d)) return iso(d);
  }
  throw new Error(`no open day for ${preset.slug}`);
}

/** The default cart meets each chef's minimum (so the cart lets it through to /checkout). */
function meetsChefMinimums(preset: WirePreset): boolean {
  return preset.chefs.every((chef) => {
    const menus = new Map(chef.menus.map((m) => [m.id, m]));
    const subtotal = preset.preset_items
      .filter((i) => i.chef_id === chef.id)
      .reduce((sum, item) => {
        const menu = menus.get(item.menu_id)!;
        const extras = Object.entries(item.menu_items_mapping).reduce(
          (s, [id, q]) => s + (menu.menu_items.find((mi) => mi.id === Number(id))?.price_cents ?? 0) * q,
          0,
        );
        return sum + menu.price_cents * item.quantity + extras;
      }, 0);
    return subtotal >= chef.pre_order_min_order_amount_cents;
  });
}

/** A Toronto catering preset (the test address is in Toronto) with one chef, EFT on or off. */
async function torontoPreset(request: APIRequestContext, eft: boolean): Promise<WirePreset> {
  const res = await request.get('/api/v2/presets');
  const body = (await res.json()) as { presets: { all_presets: [string, { slug: string; preset_type: string }[]][] } };
  const slugs = [
    ...new Set(
      body.presets.all_presets
        .flatMap(([, list]) => list)
        .filter((p) => p.preset_type === 'catering')
        .map((p) => p.slug),
    ),
  ];
  for (const slug of slugs) {
    const preset = ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: WirePreset }).preset;
    const chef = preset.chefs[0];
    if (
      preset.chefs.length === 1 &&
      chef &&
      chef.city === 'Toronto' &&
      chef.eft_enabled === eft &&
      preset.pre_order_notice_hour <= 48 &&
      meetsChefMinimums(preset)
    ) {
      try {
        goodDay(preset);
        return preset;
      } catch {
        // closed at 11:30 all fortnight: next
      }
    }
  }
  throw new Error(`no Toronto catering preset with eft=${eft} in the demo data`);
}

async function signIn(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toHaveCount(0);
}

/** From the preset page's cart to /checkout (the cart hands its state over in navigation). */
async function openCheckout(page: Page, preset: WirePreset) {
  await page.goto(`/preset-detail/${preset.slug}`);
  await chooseDelivery(page, goodDay(preset));
  await page.reload();
  await page
    .getByRole('complementary', { name: 'Your order' })
    .getByRole('button', { name: 'Checkout' })
    .last()
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  // The order is created on entry: the server's totals replace the estimate.
  await expect(page.getByText('Estimated; the final price is confirmed when you continue.')).toHaveCount(0);
}

async function fillRequired(page: Page) {
  const company = page.getByLabel('Company');
  if ((await company.inputValue()) === '') await company.fill('Maple Analytics');
  const phone = page.getByLabel('Phone');
  if ((await phone.inputValue()) === '') await phone.fill('416-555-0142');
}

const orderDetails = (page: Page) => page.getByRole('complementary', { name: 'Order details' });

async function fillCard(dialog: ReturnType<Page['getByRole']>, number: string, expiry = '12/34') {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(expiry);
  await dialog.getByLabel('CVC').fill('123');
}

test('check out with a new card and save it; the completed page and the confirmation email', async ({
  page,
  request,
}) => {
  const preset = await torontoPreset(request, false);
  await signIn(page);
  const create = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v2/catering_orders',
  );
  await openCheckout(page, preset);
  // The order payload carries the delivery fee the cart showed, and the server agrees with it (issue 16 item 17).
  const created = await create;
  const answer = (await (await created.response())!.json()) as {
    catering_order: { totals: { delivery_fee_cents: number } };
  };
  expect((created.postDataJSON() as { catering_order: { delivery_fee?: number } }).catering_order.delivery_fee).toBe(
    answer.catering_order.totals.delivery_fee_cents,
  );

  // Names come from the account and are read-only; the form asks for the rest.
  await expect(page.getByLabel('First name')).toHaveValue(demoCustomer.firstName);
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
  await fillRequired(page);
  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await orderDetails(page).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await email.fill(demoCustomer.email);

  // Cutlery: the count is disabled until ticked, digits only, and unticking is ignored while above 0.
  const count = page.getByLabel('How many?');
  await expect(count).toBeDisabled();
  const tick = page.getByLabel(/Cutlery, plates & napkins needed/);
  await tick.check();
  await count.fill('10');
  await expect(count).toHaveValue('10');
  await tick.click();
  await expect(tick).toBeChecked();
  await expect(orderDetails(page).getByText('$5.00')).toBeVisible();

  // Issue 17: a 15% tip and a PO number go out with the order; the server prices the tip.
  await page.getByRole('radiogroup', { name: 'Tip' }).getByRole('radio', { name: '15%' }).check();
  await page.getByLabel('PO number').fill('PO-E2E-4471');
  const submitted = page.waitForRequest(
    (r) => r.method() === 'PUT' && /^\/api\/v2\/catering_orders\/\d+$/.test(new URL(r.url()).pathname),
  );
  await orderDetails(page).getByRole('button', { name: 'Continue to payment' }).click();
  const sent = await submitted;
  expect((sent.postDataJSON() as { catering_order: Record<string, unknown> }).catering_order).toMatchObject({
    tip_percent: 15,
    tip_cents: null,
    po_number: 'PO-E2E-4471',
  });
  const priced = ((await (await sent.response())!.json()) as { catering_order: { totals: { tip_cents: number } } })
    .catering_order.totals;
  expect(priced.tip_cents).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog', { name: 'Pay by Credit Card' });
  await expect(dialog).toBeVisible();
  // No EFT for a chef without it (ordering-payments §6); 'Add a new card' preselected with no saved cards.
  await expect(dialog.getByText('Bank Account (EFT)')).toHaveCount(0);
  await expect(dialog.getByLabel('Add a new card')).toBeChecked();
  await fillCard(dialog, '4242 4242 4242 4242');
  await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await dialog.getByLabel('Save this card').check();
  const finalized = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/finalize$/.test(new URL(r.url()).pathname),
  );
  await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  const placed = ((await (await finalized).json()) as { catering_order: { total_cents: number } }).catering_order;

  await expect(page).toHaveURL(/\/checkout-completed\?order=\d+$/);
  await expect(page.getByText('Thank you! Your order has been submitted')).toBeVisible();
  // The receipt: the tip the server priced, the PO number, and the total finalize charged.
  const receipt = page.getByRole('region', { name: /^Order CW-/ });
  const row = (label: string) =>
    receipt
      .locator('dl > div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition');
  await expect(row('Tip')).toHaveText(formatCents(priced.tip_cents));
  await expect(row('HST 13.000%')).toBeVisible();
  await expect(row('PO number')).toHaveText('PO-E2E-4471');
  await expect(row('Total')).toHaveText(formatCents(placed.total_cents));
  // ... and what the server stored, which My Orders and the edit page show
  const stored = await request.get(new URL(sent.url()).pathname, {
    headers: { authorization: sent.headers()['authorization']! },
  });
  expect(((await stored.json()) as { catering_order: unknown }).catering_order).toMatchObject({
    po_number: 'PO-E2E-4471',
    tip_percent: 15,
    totals: { tip_cents: priced.tip_cents, total_cents: placed.total_cents },
  });
  await expect(page.getByText('You will receive a response shortly!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  // what happens next, and the delivery as a calendar file (issue 20 part 3)
  await expect(
    receipt.getByText(/confirms your order within \d+ (minutes|hours?)\.|has confirmed your order\./),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await receipt.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toMatch(/^caterway-CW-[\w-]+\.ics$/);
  const carts = await page.evaluate(
    () => JSON.parse(localStorage.getItem('caterway.cart') ?? '{}') as Record<string, unknown>,
  );
  expect(carts[String(preset.id)]).toBeUndefined();

  // The confirmation email (the development mailbox).
  let confirmation: { id: number; subject: string } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v2/dev/mailbox?to=${encodeURIComponent(demoCustomer.email)}`);
      const body = (await res.json()) as { emails: { id: number; subject: string }[] };
      confirmation = body.emails.find((e) => /order .* was submitted/i.test(e.subject));
      return confirmation !== undefined;
    })
    .toBe(true);
  // with the delivery as a calendar file attached (issue 20 part 3)
  const mail = (await (await request.get(`/api/v2/dev/mailbox/${confirmation!.id}`)).json()) as {
    email: { attachments: { filename: string; content: string }[] };
  };
  expect(mail.email.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^caterway-CW-[\w-]+\.ics$/)]);
  expect(mail.email.attachments[0]!.content).toContain('BEGIN:VEVENT');

  // A reload of /checkout has no cart state: the empty state links home.
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('pay again with the saved default card', async ({ page, request }) => {
  const preset = await torontoPreset(request, false);
  await signIn(page);
  await openCheckout(page, preset);
  await fillRequired(page);
  await orderDetails(page).getByRole('button', { name: 'Continue to payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by Credit Card' });
  await expect(dialog.getByLabel(/4242 .*Default/)).toBeChecked();
  await expect(dialog.getByLabel('Card number')).toHaveCount(0);
  await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  await expect(page.getByText('Thank you! Your order has been submitted')).toBeVisible();
});

test('a declining card shows the provider message in the order details and keeps the card form', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 402/);
  const preset = await torontoPreset(request, false);
  await signIn(page);
  await openCheckout(page, preset);
  await fillRequired(page);
  await orderDetails(page).getByRole('button', { name: 'Continue to payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by Credit Card' });
  await dialog.getByLabel('Add a new card').check();
  await fillCard(dialog, '4000000000000002');
  await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  await expect(orderDetails(page).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  // the card form stays open with the reason: what was typed is kept but the refused number (issue 20)
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(dialog.getByLabel('Card number')).toHaveValue('');
  await expect(dialog.getByLabel('Card number')).toBeFocused();
  await expect(dialog.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await expect(dialog.getByLabel('CVC')).toHaveValue('123');
  // another card then pays the same order
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  await expect(page.getByText('Thank you! Your order has been submitted')).toBeVisible();
});

test('EFT is offered for an EFT-enabled chef and completes with the sandbox bank form', async ({ page, request }) => {
  const preset = await torontoPreset(request, true);
  await signIn(page);
  await openCheckout(page, preset);
  await fillRequired(page);
  await orderDetails(page).getByRole('button', { name: 'Continue to payment' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Pay by Credit Card' });
  await cardDialog.getByText('Bank Account (EFT)').click();
  // The order is re-created as EFT and the EFT modal opens 1 s after the card modal closed.
  await expect(cardDialog).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'Pay by Bank Account (EFT)' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Account holder name')).toHaveValue(/Dana/);
  await dialog.getByLabel('Institution number').fill('004');
  await dialog.getByLabel('Transit number').fill('12345');
  await dialog.getByLabel('Account number').fill('123456789');
  await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  await expect(dialog.getByText('Please accept the pre-authorized debit agreement to continue.')).toBeVisible();
  await dialog.getByLabel('I accept the pre-authorized debit agreement').check();
  await dialog.getByLabel('Save this bank account').check();
  await dialog.getByRole('button', { name: /^Pay \$[\d,]+\.\d{2}$/ }).click();
  await expect(page.getByText('Thank you! Your order has been submitted')).toBeVisible();
});

test('the payments page: add errors, set a default (other tabs follow) and delete a card', async ({
  page,
  context,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 402/);
  await signIn(page);
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Credit Cards:' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bank Accounts:' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Credit Cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByText('Default')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bank Accounts' }).getByRole('listitem')).toHaveCount(1);

  // A provider refusal: 'Card Addition Error!' with the provider's message.
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await fillCard(dialog, '4000 0000 0000 0069');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications' });
  await expect(toasts.getByText('Card Addition Error!')).toBeVisible();
  await expect(toasts.getByText('Your card has expired.')).toBeVisible();
  await fillCard(dialog, '5555 5555 5555 4444', '01/33');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cards.getByRole('listitem')).toHaveCount(2);

  // A second tab on the same page follows a change made in the first.
  const other = await context.newPage();
  await other.goto('/payments');
  const otherCards = other.getByRole('region', { name: 'Credit Cards' });
  await expect(otherCards.getByRole('button', { name: /ending in 4242/, pressed: true })).toBeVisible();

  await cards.getByRole('button', { name: /mastercard ending in 4444.*make default/i }).click();
  await expect(cards.getByRole('button', { name: /ending in 4444/, pressed: true })).toBeVisible();
  await expect(otherCards.getByRole('button', { name: /ending in 4444/, pressed: true })).toBeVisible();
  await other.close();

  // Delete after confirming.
  await cards.getByRole('button', { name: /Delete visa ending in 4242/i }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete payment method?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByText('4242')).toHaveCount(0);
});

test('accessibility of /checkout and /payments at 1280 and 360 px', async ({ page, request }) => {
  const preset = await torontoPreset(request, true);
  await signIn(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await openCheckout(page, preset);
    await expectAccessible(page);
    await fillRequired(page);
    await orderDetails(page).getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Pay by Credit Card' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.goto('/payments');
    await expect(page.getByRole('heading', { name: 'Credit Cards:' })).toBeVisible();
    await expectAccessible(page);
  }
});

test('payments page: visitors are sent home', async ({ page }) => {
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/$/);
});
