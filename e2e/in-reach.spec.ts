/// <reference lib="dom" />
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PresetDetail } from '@caterway/contracts';
import { test, expect, expectAccessible, demoCustomer, signInFromNav } from './fixtures';
import { chooseDelivery, dayAt1130 } from './order-setup';

// Issue 20 §1 (third bullet) and §4, measured in the browser (decision 066): Checkout in view
// without scrolling on a 1366×768 desktop on a restaurant and a preset page; on a 390×844 phone
// the delivery bar is one line of at most 64 px until tapped, the cart's bottom bar one line with
// the total and Checkout, the checkout's summary one line covering at most 15% of the screen,
// account pages show their content first with the menu folded; the help bubble overlaps no
// button or link; the support line is in the header menu, the footer and on every order; the
// focus ring is the brand's green.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const desktop = { width: 1366, height: 768 };
const phone = { width: 390, height: 844 };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/** Wholly inside the viewport and above the test-mode banner along the bottom edge. */
async function expectInView(page: Page, locator: Locator) {
  const b = await box(locator);
  const viewport = page.viewportSize()!;
  const banner = page.locator('.test-mode-banner');
  const bottom = (await banner.count()) ? (await box(banner)).y : viewport.height;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
  expect(b.y + b.height).toBeLessThanOrEqual(bottom);
}

/** A Toronto restaurant and a Toronto catering preset of the demo data, with a day they deliver at 11:30. */
async function torontoPages(request: APIRequestContext) {
  const home = (await (await request.get('/api/v2/presets')).json()) as {
    presets: {
      trending_restaurants: { slug: string; short_address: string }[];
      all_presets: [string, { slug: string; preset_type: string }[]][];
    };
  };
  const detail = async (slug: string) =>
    ((await (await request.get(`/api/v2/presets/${slug}`)).json()) as { preset: PresetDetail }).preset;
  const restaurantSlug = home.presets.trending_restaurants.find((r) => r.short_address.endsWith('Toronto'))!.slug;
  const restaurant = await detail(restaurantSlug);
  const catering = [
    ...new Set(
      home.presets.all_presets
        .flatMap(([, list]) => list)
        .filter((p) => p.preset_type === 'catering')
        .map((p) => p.slug),
    ),
  ];
  for (const slug of catering) {
    const preset = await detail(slug);
    if (preset.chefs.length === 1 && preset.chefs[0]!.city === 'Toronto' && preset.pre_order_notice_hour <= 48) {
      const day = dayAt1130(preset);
      if (day) return { restaurant, preset, day };
    }
  }
  throw new Error('no Toronto catering preset in the demo data');
}

async function signIn(page: Page, onPhone: boolean) {
  await page.goto('/');
  if (onPhone) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await signInFromNav(page);
}

/**
 * The help bubble covers no button or link: none shares a point with its box where the bubble is
 * the one on top (a bar fixed over the page may pass over it while the page scrolls).
 */
async function expectBubbleClear(page: Page) {
  const bubble = page.locator('.suggestion-bot');
  await expect(bubble.getByRole('button', { name: 'Ask for a menu suggestion' })).toBeVisible();
  const covered = await page.evaluate(() => {
    const own = document.querySelector('.suggestion-bot')!;
    const b = own.getBoundingClientRect();
    return [...document.querySelectorAll('a, button')]
      .filter((el) => !own.contains(el) && el.getClientRects().length > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const [left, right] = [Math.max(r.left, b.left), Math.min(r.right, b.right)];
        const [top, bottom] = [Math.max(r.top, b.top), Math.min(r.bottom, b.bottom)];
        if (left >= right || top >= bottom) return false;
        const onTop = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        return onTop !== null && own.contains(onTop);
      })
      .map((el) => el.textContent?.trim() ?? '');
  });
  expect(covered).toEqual([]);
}

test.describe('on a 1366×768 desktop', () => {
  test.use({ viewport: desktop });

  test('Checkout is in view without scrolling on a restaurant and a preset page, and stays there', async ({
    page,
    request,
  }) => {
    const { restaurant, preset, day } = await torontoPages(request);
    await page.goto('/');
    await chooseDelivery(page, day);
    for (const path of [`/chefs/${restaurant.slug}`, `/preset-detail/${preset.slug}`]) {
      await page.goto(path);
      const cart = page.getByRole('complementary', { name: 'Your order' });
      const checkout = cart.getByRole('button', { name: 'Checkout' });
      await expect(checkout).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectInView(page, checkout);
      // half-way down the menu the cart's lines scroll inside it, Checkout still in view
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      await expectInView(page, checkout);
      await expectBubbleClear(page);
    }
    // the focus ring: the brand's green, not red
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineColor}`;
    });
    expect(ring).toBe('solid rgb(29, 92, 67)');
  });

  test('the footer and the greeting menu give the support line', async ({ page }) => {
    await signIn(page, false);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/^Questions\? Call /)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'support@caterway.ca' })).toHaveAttribute(
      'href',
      'mailto:support@caterway.ca',
    );
    await expect(footer.getByRole('link', { name: '+1 416-555-0100' })).toHaveAttribute('href', 'tel:+14165550100');
    await page.getByRole('button', { name: `Hi, ${demoCustomer.firstName}` }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: '+1 416-555-0100' }),
    ).toBeVisible();
  });
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true });

  test('the delivery bar is one line until tapped; the cart bar one line with the total and Checkout', async ({
    page,
    request,
  }) => {
    const { restaurant, preset, day } = await torontoPages(request);
    await page.goto('/');
    await chooseDelivery(page, day);
    for (const path of ['/', `/chefs/${restaurant.slug}`, `/preset-detail/${preset.slug}`]) {
      await page.goto(path);
      const bar = page.getByRole('region', { name: 'Delivery details' });
      await expect(bar.getByRole('button', { name: 'Update Details' })).toBeVisible();
      expect((await box(bar)).height).toBeLessThanOrEqual(64);
      await expectInView(page, bar.getByRole('button', { name: 'Update Details' }));
      if (path === '/') continue;
      const cart = page.getByRole('complementary', { name: 'Your order' });
      const checkout = cart.getByRole('button', { name: 'Checkout' });
      const toggle = cart.getByRole('button', { name: /View order/ });
      await expect(toggle).toContainText(/Total \$\d/);
      await expectInView(page, checkout);
      await expectInView(page, toggle);
      // one line: the total and Checkout side by side
      const [t, c] = [await box(toggle), await box(checkout)];
      expect(Math.abs(t.y + t.height / 2 - (c.y + c.height / 2))).toBeLessThan(4);
      expect((await box(page.locator('.cart-bar'))).height).toBeLessThanOrEqual(56);
      await expectBubbleClear(page);
    }
    // tapped, the bar opens its form
    const bar = page.getByRole('region', { name: 'Delivery details' });
    await bar.getByRole('button', { name: 'Update Details' }).click();
    await expect(bar.getByRole('button', { name: 'SAVE' })).toBeVisible();
  });

  test('the checkout summary is one line of at most 15% of the screen, with Continue to payment', async ({
    page,
    request,
  }) => {
    const { preset, day } = await torontoPages(request);
    await signIn(page, true);
    await chooseDelivery(page, day);
    await page.goto(`/preset-detail/${preset.slug}`);
    await page.getByRole('complementary', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const action = page.locator('.checkout-action');
    const continueButton = page.getByRole('button', { name: 'Continue to payment' });
    await expect(action.getByRole('button', { name: /^Total \$[\d,.]+, show the order details$/ })).toBeVisible();
    for (const y of [0, 1200]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      expect((await box(action)).height).toBeLessThanOrEqual(0.15 * phone.height);
      await expectInView(page, continueButton);
    }
    // the total leads to the order's details above the bar
    await action.getByRole('button', { name: /show the order details/ }).click();
    await expect(page.getByRole('heading', { name: 'Order details' })).toBeInViewport();
    await expectAccessible(page);
  });

  test('account pages show their content first, the menu folded; orders and the menu give the support line', async ({
    page,
  }) => {
    await signIn(page, true);
    await page.goto('/settings');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Account' });
    const toggle = menu.getByRole('button', { name: /Account menu/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Payment Methods' })).toBeHidden();
    expect((await box(toggle)).height).toBeLessThanOrEqual(48);
    await expectInView(page, heading);
    await toggle.click();
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectInView(page, page.getByRole('heading', { name: 'My Orders' }));
    // every order: "Need help with this order?" with its number
    const first = page.locator('.order-cards > li').first();
    const number = ((await first.locator('.order-card-number').textContent()) ?? '').replace('Order #', '');
    expect(number).toMatch(/^CW-/);
    await expect(first.locator('.order-help')).toHaveText(
      `Need help with this order? Call +1 416-555-0100 or email support@caterway.ca and quote order ${number}.`,
    );
    await expect(first.getByRole('link', { name: 'support@caterway.ca' })).toHaveAttribute(
      'href',
      `mailto:support@caterway.ca?subject=${encodeURIComponent(`Order ${number}`)}`,
    );
    await expectAccessible(page);
    // the header's menu
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: `Hi, ${demoCustomer.firstName}` }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'support@caterway.ca' }),
    ).toBeVisible();
  });
});
