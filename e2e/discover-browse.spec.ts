import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, demoCustomer } from './fixtures';

// Discover journeys (issue 3, items 1–3): the landing page, /browse-restaurants,
// /browse-presets and the navigation search, in Chromium against the real API and demo data.

const ADDRESS = '100 King St W, Toronto';

/** Enters the address on the landing page and submits it with the given button. */
async function enterAddress(page: Page, button: 'Browse restaurants' | 'Browse presets') {
  await page.goto('/');
  const hero = page.locator('.landing-hero');
  const address = hero.getByRole('combobox', { name: 'Office address' });
  const submit = hero.getByRole('button', { name: button });
  // The button is disabled while the address is empty (browse-account-orders §5).
  await expect(submit).toBeDisabled();
  await address.fill(ADDRESS);
  await hero.getByRole('listbox').getByRole('option').first().click();
  await expect(submit).toBeEnabled();
  await submit.click();
}

const cards = (page: Page) => page.getByTestId('restaurant-list').getByTestId('restaurant-card');

async function distances(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('restaurant-list').getByTestId('distance').allTextContents();
  return texts.map((t) => Number.parseFloat(t));
}

const count = async (page: Page) =>
  Number.parseInt((await page.getByTestId('restaurant-count').textContent()) ?? '', 10);

test('enter an address on the home page and land on restaurants ordered by distance', async ({ page }) => {
  await enterAddress(page, 'Browse restaurants');
  await expect(page).toHaveURL(/\/browse-restaurants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurants' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('restaurant-count')).toContainText(/\d+ restaurants? near/);

  const list = await distances(page);
  expect(list.length).toBeGreaterThan(1);
  expect(list.every((d) => Number.isFinite(d))).toBe(true);
  expect([...list].sort((a, b) => a - b)).toEqual(list);
  // Each card says whether it can take the order at the chosen date and time.
  await expect(
    cards(page)
      .first()
      .getByText(/Available|Closed on this day|Outside store hours|notice|Outside delivery area/),
  ).toBeVisible();
  // The delivery bar shows the saved address.
  await expect(page.getByRole('region', { name: 'Delivery details' })).toContainText('King St');
});

test('the hero word rotates and the floating address bar appears after scrolling and can be dismissed', async ({
  page,
}) => {
  await page.goto('/');
  const word = page.getByTestId('hero-word');
  const first = await word.textContent();
  expect(['Lunch', 'Breakfast', 'Dinner', 'Food']).toContain(first);
  await expect(word).not.toHaveText(first!, { timeout: 3_000 });

  // Exactly the three home preset groups, as carousels with labelled buttons.
  for (const group of ['Healthy Lunch', 'Corporate Breakfast', 'Sandwich/Wrap & Salad Lunches']) {
    await expect(page.getByRole('heading', { level: 2, name: group, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Next: ${group}` })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Trending restaurants' })).toBeVisible();
  await expect(page.getByText('over 5,000,000 meals delivered')).toBeVisible();
  // the demo-request form itself is on the home page now (spec-visitor.spec.ts covers it)
  await expect(page.getByRole('heading', { level: 2, name: 'Feeding a big team every week?' })).toBeVisible();

  const bar = page.getByRole('complementary', { name: 'Delivery address' });
  await expect(bar).toHaveCount(0);
  await page.mouse.wheel(0, 900);
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Dismiss address bar' }).click();
  await expect(bar).toHaveCount(0);
});

test('filter restaurants by cuisine and clear the filter', async ({ page }) => {
  await enterAddress(page, 'Browse restaurants');
  await expect(cards(page).first()).toBeVisible();
  const all = await count(page);

  const strip = page.getByTestId('cuisine-strip');
  const card = strip.getByRole('button').first();
  const cuisine = (await card.textContent())!.replace(/^\W+/u, '').trim();
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  // After the 1 s pause the list reloads with that cuisine only.
  await expect.poll(() => count(page), { timeout: 10_000 }).toBeLessThan(all);
  // each card's cuisine line (the all-in price line shares the style)
  const metas = await cards(page).locator('.catalogue-card-meta', { hasNotText: 'all-in' }).allTextContents();
  expect(metas.length).toBeGreaterThan(0);
  for (const meta of metas) expect(meta).toContain(cuisine);

  await page.getByRole('button', { name: 'Clear selected' }).first().click();
  await expect(card).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => count(page), { timeout: 10_000 }).toBe(all);
});

test('scrolling loads the next page of restaurants', async ({ page }) => {
  await enterAddress(page, 'Browse restaurants');
  await expect(cards(page).first()).toBeVisible();
  const firstPage = await cards(page).count();
  expect(await count(page)).toBeGreaterThan(firstPage);
  await page.getByRole('button', { name: 'Load more restaurants' }).scrollIntoViewIfNeeded();
  await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBeGreaterThan(firstPage);
  // Still ordered by distance across pages.
  const list = await distances(page);
  expect([...list].sort((a, b) => a - b)).toEqual(list);
});

test('the map modal shows the restaurant with View Details and View full screen', async ({
  page,
  allowConsoleErrors,
}) => {
  // the cluster's MAP_TILE_URL points at e2e/browse-decide.spec.ts's tile server, not running
  // here: the tiles fail and the panel draws its schematic (decision 067)
  allowConsoleErrors(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
  await enterAddress(page, 'Browse restaurants');
  const first = cards(page).first();
  const name = (await first.getByRole('heading').textContent())!;
  await first.getByRole('button', { name: /^Map/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('map-active')).toContainText(name.trim());
  await expect(dialog.getByRole('button', { name: 'View full screen' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /^\/chefs\//);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('search from the navigation and open a restaurant', async ({ page }) => {
  await enterAddress(page, 'Browse restaurants');
  const name = (await cards(page).first().getByRole('heading').textContent())!.trim();
  const term = name.split(/\s+/).find((w) => w.length >= 4) ?? name;

  const search = page.getByRole('searchbox', { name: 'Search restaurants' });
  await search.fill(term.slice(0, 2));
  await page.waitForTimeout(700);
  await expect(page.getByTestId('search-overlay')).toHaveCount(0); // fewer than 3 characters
  await search.fill(term);
  const overlay = page.getByTestId('search-overlay');
  await expect(overlay.getByRole('heading', { name: 'Results for query', exact: true })).toBeVisible();
  // Page scrolling is locked while the overlay is open.
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  const result = overlay.getByRole('link').filter({ hasText: name }).first();
  await expect(result).toBeVisible();
  await expect(result.locator('img')).toHaveAttribute('src', /\/media\//);

  // Escape closes and restores scrolling; typing again reopens.
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
  await search.press('End');
  await search.pressSequentially(' ');
  await expect(page.getByTestId('search-overlay')).toBeVisible();
  // Keyboard: Down moves into the results.
  await search.press('ArrowDown');
  await expect(page.getByTestId('search-overlay').getByRole('link').first()).toBeFocused();

  await page.getByTestId('search-overlay').getByRole('link').filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(/\/chefs\/[^/]+$/);
  await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
  const heading = page.getByRole('heading', { level: 1 });
  if ((await heading.count()) > 0 && !(await page.getByText('Oops! Page Not found.').isVisible())) {
    await expect(heading.first()).toContainText(name);
  }
});

test('browse presets: rows, sortable section with Show more and Show Less', async ({ page }) => {
  // The page's clock is ours, so the simulated 1 s load is observed on a busy machine too.
  await page.clock.install();
  await enterAddress(page, 'Browse presets');
  await expect(page).toHaveURL(/\/browse-presets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Popular Options' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search by Cuisine Type' })).toHaveAttribute(
    'href',
    '/browse-restaurants',
  );

  const section = page.getByTestId('sortable-presets');
  await expect(section.getByTestId('preset-card')).toHaveCount(4);
  await expect(section.getByTestId('preset-card').first().getByText('Adjustable')).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByRole('button', { name: 'Loading…' })).toBeVisible();
  await expect(section.getByTestId('preset-card')).toHaveCount(4);
  await page.clock.runFor(1_000);
  await expect(section.getByTestId('preset-card')).toHaveCount(12);
  await page.clock.resume();
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(section.getByTestId('preset-card')).toHaveCount(4);

  // Quick view opens the preset quick-view modal over the list.
  const firstName = (await section.getByTestId('preset-card').first().getByRole('heading').textContent())!.trim();
  await section.getByRole('button', { name: `Quick view of ${firstName}` }).click();
  const quick = page.getByRole('dialog', { name: firstName });
  await expect(quick).toBeVisible();
  await expect(quick.getByRole('link', { name: /View Details/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(quick).toHaveCount(0);

  await page.getByLabel('Sort by').selectOption({ label: 'Price Low to High' });
  await expect
    .poll(async () => {
      const prices = await section.locator('.price').allTextContents();
      const cents = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
      return cents.length === 4 && cents.every((c, i) => i === 0 || cents[i - 1]! <= c);
    })
    .toBe(true);
});

test('for a confirmed user / is the vendor browse page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(demoCustomer.email);
  await dialog.getByLabel('Password').fill(demoCustomer.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Presets' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Search by Cuisine Type' })).toHaveAttribute(
    'href',
    '/browse-restaurants',
  );
  await expect(page.getByTestId('sortable-presets').getByTestId('preset-card')).toHaveCount(4);
  await expect(page.locator('.landing-hero')).toHaveCount(0);
});

test('accessibility: the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Trending restaurants' })).toBeVisible();
  await expectAccessible(page);
});

test('accessibility: the landing page at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Trending restaurants' })).toBeVisible();
  await expectAccessible(page);
});

test('accessibility: browse-restaurants', async ({ page }) => {
  await enterAddress(page, 'Browse restaurants');
  await expect(cards(page).first()).toBeVisible();
  await expectAccessible(page);
});

test('accessibility: browse-presets', async ({ page }) => {
  await enterAddress(page, 'Browse presets');
  await expect(page.getByTestId('sortable-presets').getByTestId('preset-card').first()).toBeVisible();
  await expectAccessible(page);
});
