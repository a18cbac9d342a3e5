import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { startTileServer, tilePort, type TileServer } from './tile-server';

// Issue 20 §2 (decision 067): restaurant cards that decide, the restaurant sort, the dietary
// filters of both browse pages, and the map panel: Leaflet over the tiles of a tile server this
// spec starts on loopback (the cluster's MAP_TILE_URL points at it), and the schematic when the
// tile server does not answer.

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const ADDRESS = '100 King St W, Toronto';
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** The delivery bar's details on the device, as the bar stores them (browse-account-orders §3). */
async function deliverTo(page: Page) {
  await page.addInitScript((date) => {
    localStorage.setItem('address', '100 King St W, Toronto');
    localStorage.setItem('lat', '43.6487');
    localStorage.setItem('lng', '-79.3817');
    localStorage.setItem('delivery_date', date);
    localStorage.setItem('delivery_time', '12:00 PM');
  }, nextWeek());
}

const cards = (page: Page) => page.getByTestId('restaurant-list').getByTestId('restaurant-card');
const fact = (card: ReturnType<typeof cards>, term: string) => card.locator('dt', { hasText: term }).locator('+ dd');
/** Latitude or longitude shown as a number (e.g. 43.64653 or -79.38736). */
const COORDINATES = /-?\d{1,3}\.\d{3,}/;

test('restaurant cards show what decides an order, sorted and filtered by the server @phone', async ({ page }) => {
  await deliverTo(page);
  await page.goto('/browse-restaurants');
  await expect(cards(page).first()).toBeVisible();
  const first = cards(page).first();
  await expect(fact(first, 'Reviews')).toHaveText(/^\d\.\d · [\d,]+ reviews?$/);
  await expect(fact(first, 'Delivery')).toHaveText(/^(Free|\$\d+\.\d\d)$/);
  await expect(fact(first, 'Minimum')).toHaveText(/^(None|\$[\d,]+\.\d\d)$/);
  await expect(fact(first, 'Notice')).toHaveText(/^\d+ h$/);
  await expect(fact(first, 'Price')).toContainText(/^\${1,4}/);
  // a restaurant that cannot take the chosen time says when it can
  for (const card of await cards(page).all()) {
    const badge = (await card.locator('.availability').textContent())!.trim();
    if (badge === 'Available' || badge === 'Outside delivery area') continue;
    await expect(card.locator('.catalogue-card-next')).toHaveText(/^Next available \w{3}, \w{3} \d+, \d+:\d\d [AP]M$/);
  }

  // rating, best first, from the server
  const rated = page.waitForRequest((r) => r.url().includes('restaurant_sort=rating'));
  await page.getByLabel('Sort by').selectOption({ label: 'Rating' });
  await rated;
  await expect
    .poll(async () => {
      const texts = await page.getByTestId('restaurant-list').locator('dt:text-is("Reviews") + dd').allTextContents();
      const ratings = texts.map((t) => Number.parseFloat(t));
      return ratings.length > 1 && ratings.every((r, i) => i === 0 || r <= ratings[i - 1]!);
    })
    .toBe(true);

  // dietary needs: fewer restaurants, each pressed need in the request
  const before = Number.parseInt((await page.getByTestId('restaurant-count').textContent())!, 10);
  const filtered = page.waitForRequest((r) => r.url().includes('dietary_types=Halal'));
  await page.getByRole('group', { name: 'Dietary needs' }).getByRole('button', { name: 'Halal' }).click();
  await filtered;
  await expect
    .poll(async () => Number.parseInt((await page.getByTestId('restaurant-count').textContent())!, 10))
    .toBeLessThan(before);
  await expect(
    page.getByRole('group', { name: 'Dietary needs' }).getByRole('button', { name: 'Halal', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
});

test('the preset page puts its sort at the top and filters by dietary needs', async ({ page }) => {
  await deliverTo(page);
  await page.goto('/browse-presets');
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toBeVisible();
  await expect(page.getByTestId('sortable-presets').getByRole('link').first()).toBeVisible();
  // within the first screen's reach, above every category row
  const sortTop = (await sort.boundingBox())!.y;
  expect(sortTop).toBeLessThan(1000);
  const rows = page.locator('.carousel .carousel-title');
  await expect(rows.first()).toBeVisible();
  expect((await rows.first().boundingBox())!.y).toBeGreaterThan(sortTop);

  const filtered = page.waitForRequest((r) => r.url().includes('dietary_types=Vegan'));
  await page.getByRole('group', { name: 'Dietary needs' }).getByRole('button', { name: 'Vegan' }).click();
  await filtered;
  await expect(
    page.getByRole('group', { name: 'Dietary needs' }).getByRole('button', { name: 'Vegan', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
});

test.describe('the map panel with tiles', () => {
  let tiles: TileServer;
  test.beforeEach(async () => {
    tiles = await startTileServer(tilePort(E2E_PORT));
  });
  test.afterEach(async () => {
    await tiles.close();
  });

  test('draws Leaflet over the tile server with a marker per restaurant and the address', async ({ page }) => {
    await deliverTo(page);
    await page.goto('/browse-restaurants');
    await expect(cards(page).first()).toBeVisible();
    const listed = await cards(page).count();
    await page.getByRole('button', { name: 'Show map' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restaurants on the map' });
    await expect(dialog.getByTestId('tile-map')).toBeVisible();
    await expect.poll(() => tiles.requested.length).toBeGreaterThan(0);
    await expect(dialog.locator('.leaflet-tile-loaded').first()).toBeVisible();
    await expect(dialog.locator('.leaflet-marker-icon.map-pin')).toHaveCount(listed);
    await expect(dialog.locator('.leaflet-marker-icon.map-home')).toHaveCount(1);
    await expect(dialog.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
    // a marker's card on hover, with the restaurant's link
    const pin = dialog.locator('.leaflet-marker-icon.map-pin').first();
    const title = (await pin.getAttribute('title'))!;
    await pin.hover();
    const popup = dialog.locator('.leaflet-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('link')).toHaveText(title.split(', ')[0]!);
    await expect(dialog.getByTestId('map-active')).toHaveText(title);
    await expect(dialog).not.toContainText(COORDINATES);
    await page.keyboard.press('Escape');

    // a restaurant's own map at zoom 15, centred on it
    const name = (await cards(page).first().getByRole('heading').textContent())!.trim();
    await cards(page).first().getByRole('button', { name: /^Map/ }).click();
    const own = page.getByRole('dialog', { name });
    await expect(own.getByText('Zoom 15')).toBeVisible();
    await expect.poll(() => tiles.requested.some((t) => t.startsWith('15/'))).toBe(true);
  });
});

test('without a tile server the map panel draws a schematic, never coordinates @phone', async ({
  page,
  allowConsoleErrors,
}) => {
  // the cluster's MAP_TILE_URL points at the tile server, which is not running now
  allowConsoleErrors(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
  await deliverTo(page);
  await page.goto('/browse-restaurants');
  await expect(cards(page).first()).toBeVisible();
  const listed = await cards(page).count();
  await page.getByRole('button', { name: 'Show map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restaurants on the map' });
  const schematic = dialog.getByTestId('schematic-map');
  await expect(schematic).toBeVisible();
  await expect(dialog.getByTestId('schematic-restaurant')).toHaveCount(listed);
  await expect(dialog.getByTestId('schematic-address')).toHaveCount(1);
  await expect(schematic).toContainText(/\d+(\.\d+)? km/);
  await expect(dialog).not.toContainText(COORDINATES);
  await expect(dialog).toContainText(`Delivery address: ${ADDRESS}`);
  // keyboard: Tab reaches the markers, each names its restaurant
  const pin = dialog.getByTestId('schematic-restaurant').first();
  await pin.focus();
  const label = (await pin.getAttribute('aria-label'))!;
  await expect(dialog.getByTestId('map-active')).toHaveText(label);
  await page.keyboard.press('Tab');
  const second = (await dialog.getByTestId('schematic-restaurant').nth(1).getAttribute('aria-label'))!;
  await expect(dialog.getByTestId('map-active')).toHaveText(second);
  await expect(dialog.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /^\/chefs\//);
  await expectAccessible(page);
});
