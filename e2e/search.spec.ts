import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';

// The forgiving search (issue 20 §2, decisions 065 and 073): Enter in the navigation search opens
// /search?q= grouped by kind (restaurants, presets, dishes) with the browse pages' cuisine
// filter; misspelt words ("suhsi", "indain") find what was meant; on phones a search button in
// the bar opens the field. Chromium against the real API and demo data.

const ADDRESS = '100 King St W, Toronto';

/** The delivery address from the landing page, so results are near it. */
async function enterAddress(page: Page) {
  await page.goto('/');
  const hero = page.locator('.landing-hero');
  await hero.getByRole('combobox', { name: 'Office address' }).fill(ADDRESS);
  await hero.getByRole('listbox').getByRole('option').first().click();
  await hero.getByRole('button', { name: 'Browse restaurants' }).click();
  await expect(page).toHaveURL(/\/browse-restaurants$/);
  // the page has drawn its answer (a new page closes the phone's search row: tap after it)
  await expect(page.getByTestId('restaurant-count')).toContainText(/\d+ restaurants?/);
}

const group = (page: Page, kind: 'restaurants' | 'presets' | 'dishes') => page.getByTestId(`search-group-${kind}`);

test('Enter in the navigation search opens the results page, and "suhsi" finds sushi', async ({ page }) => {
  await enterAddress(page);
  const search = page.getByRole('searchbox', { name: 'Search restaurants' });
  await search.fill('suhsi');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=suhsi$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for "suhsi"' })).toBeVisible();
  // the overlay does not stay over the page that Enter opened
  await expect(page.getByTestId('search-overlay')).toHaveCount(0);
  await expect(page.getByTestId('search-count')).toContainText(
    /\d+ restaurants?, \d+\+? presets?, \d+\+? dish(es)? near/,
  );
  await expect(group(page, 'restaurants').getByTestId('restaurant-card').first()).toContainText(/sushi/i);
  await expect(group(page, 'dishes').getByRole('link').filter({ hasText: /sushi/i }).first()).toBeVisible();
  await expect(page.getByTestId('did-you-mean')).toHaveText(/sushi/i);
  await expectAccessible(page);
});

test('"indain" finds Indian restaurants, and the cuisine filter narrows the results', async ({ page }) => {
  await enterAddress(page);
  await page.goto('/search?q=indain');
  const restaurants = group(page, 'restaurants');
  await expect(restaurants.getByTestId('restaurant-card').first()).toContainText(/indian/i);
  const before = await restaurants.getByTestId('restaurant-card').count();
  expect(before).toBeGreaterThan(0);

  // the browse pages' cuisine cards: choosing one the results do not have empties the groups
  const count = page.getByTestId('search-count');
  const unfiltered = await count.textContent();
  await page
    .getByRole('region', { name: 'Cuisines' })
    .getByRole('button', { name: /japanese/i })
    .first()
    .click();
  await expect(count).not.toHaveText(unfiltered ?? '');
  await expect(restaurants.getByTestId('restaurant-card').filter({ hasText: /indian/i })).toHaveCount(0);
});

test('on a phone the search button opens the field, and Enter opens the results @phone-only', async ({ page }) => {
  await enterAddress(page);
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const search = page.getByRole('searchbox', { name: 'Search restaurants' });
  await expect(search).toBeFocused();
  await search.fill('indain');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=indain$/);
  // a new page closes the search row
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(group(page, 'restaurants').getByTestId('restaurant-card').first()).toContainText(/indian/i);
  await expectAccessible(page);
});
