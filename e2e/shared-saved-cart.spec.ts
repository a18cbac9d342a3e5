import type { APIRequestContext, Browser } from '@playwright/test';
import { test, expect, expectAccessible, signInFromNav as signIn } from './fixtures';

// Issue 16 item 3, shared saved carts (ordering-payments §4 Save Cart; decision 031): the link a
// saved cart answers opens for anyone holding it, read-only, and a visitor starts their own cart
// from it. The saved cart's id or slug without the link's token stays the owner's alone.
// SCREENSHOTS=dir saves the shared page at phone and desktop sizes.

async function cateringPreset(request: APIRequestContext): Promise<{ id: number; slug: string }> {
  const res = await request.get('/api/v2/presets');
  const body = (await res.json()) as {
    presets: { all_presets: [string, { id: number; slug: string; preset_type: string }[]][] };
  };
  return body.presets.all_presets.flatMap(([, list]) => list).find((p) => p.preset_type === 'catering')!;
}

async function screenshots(browser: Browser, link: string, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    const context = await browser.newContext({ viewport, baseURL: new URL(link).origin });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('button', { name: 'Start my own cart' })).toBeVisible();
    await page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });
    await context.close();
  }
}

test('a saved cart link opens read-only for a visitor, who starts their own cart from it', async ({
  page,
  browser,
  request,
  allowConsoleErrors,
}) => {
  test.setTimeout(120_000);
  const base = await cateringPreset(request);
  await page.goto(`/preset-detail/${base.slug}`);
  await signIn(page);

  // the owner saves the cart; the answer carries the share link
  const name = `Shared lunch ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Cart' });
  await dialog.getByLabel('Name').fill(name);
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v2/presets') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Save' }).click(),
  ]);
  const { preset } = (await saved.json()) as { preset: { slug: string; shared_url: string } };
  const link = new URL(preset.shared_url);
  expect(link.pathname).toBe(`/preset-detail/${preset.slug}`);
  expect(link.searchParams.get('share_token')).toMatch(/^[0-9a-f]{32,}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const ownerLines = await page.getByRole('complementary', { name: 'Your order' }).locator('.cart-lines li').count();

  // the owner opening the link sees their cart as before
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start my own cart' })).toHaveCount(0);

  // a second browser without a session: read-only, no cart controls
  const visitorContext = await browser.newContext({ baseURL: link.origin });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const shared = visitor.getByRole('complementary', { name: 'Shared cart' });
  await expect(shared).toBeVisible();
  await expect(shared.getByRole('listitem')).toHaveCount(ownerLines);
  await expect(visitor.getByRole('button', { name: 'Save Cart' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  await expect(visitor.getByRole('complementary', { name: 'Your order' })).toHaveCount(0);
  await expect(visitor.locator('.menu-card-action')).toHaveCount(0);
  await expectAccessible(visitor);
  const sharedNames = (await shared.getByRole('listitem').allInnerTexts()).map((t) =>
    t
      .split('\n')[0]!
      .replace(/^\d+ x /, '')
      .trim(),
  );

  // Start my own cart: the lines go into the visitor's own cart of the base preset
  await shared.getByRole('button', { name: 'Start my own cart' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/preset-detail/${base.id}$`));
  const own = visitor.getByRole('complementary', { name: 'Your order' });
  await expect(own.getByText(/~~ \[ Saved @ .+ \]/)).toBeVisible();
  for (const dish of sharedNames) await expect(own.getByText(dish, { exact: false }).first()).toBeVisible();
  await expect(own.getByRole('button', { name: 'Checkout' })).toBeVisible();
  // ... and stays there after a reload
  await visitor.reload();
  await expect(
    visitor.getByRole('complementary', { name: 'Your order' }).getByText(/~~ \[ Saved @ .+ \]/),
  ).toBeVisible();
  await visitorContext.close();

  // guessing: the saved cart's path without its token is a missing page for anyone else
  allowConsoleErrors(/Failed to load resource.*404/);
  const guesser = await browser.newContext({ baseURL: link.origin });
  const guess = await guesser.newPage();
  await guess.goto(link.pathname);
  await expect(guess).toHaveURL(/\/not-found$/);
  await guess.goto(`${link.pathname}?share_token=${'0'.repeat(64)}`);
  await expect(guess).toHaveURL(/\/not-found$/);
  await guesser.close();

  await screenshots(browser, link.href, 'shared-saved-cart');
});
