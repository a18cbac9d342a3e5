import { test, expect } from './fixtures';

// Payments in the sandbox (the e2e server runs no Stripe): every page of both sites says so
// (docs/decisions/028), on the phone too.
const NOTICE = 'Test mode — no card is charged';

test('the storefront and the group-order site show the test-mode banner on every page @phone', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 404/);
  for (const url of [
    '/',
    '/browse-restaurants',
    '/about-us',
    '/my-orders',
    '/no-such-page',
    '/group-orders-site/g/abcdefghijkl',
  ]) {
    await page.goto(url);
    const banner = page.getByRole('status').filter({ hasText: NOTICE });
    await expect(banner, url).toBeVisible();
    await expect(banner, url).toHaveText(NOTICE);
    // it covers nothing: the page keeps room for it under its last line
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height, url).toBeCloseTo(page.viewportSize()!.height, 0);
  }
});
