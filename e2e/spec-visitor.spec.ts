/// <reference lib="dom" />
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, demoCustomer } from './fixtures';

// Issue 16 items 4, 5, 13, 14 and 16: storefront visitor flows. Sign-up's sign-in modal
// (item 15) is in account.spec.ts. Screenshots of the changed pages at phone and desktop size
// are written when SHOTS_DIR is set.

const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 768 } };

async function shoot(page: Page, name: string, focus?: Locator) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const current = page.viewportSize();
  for (const [label, size] of Object.entries(sizes)) {
    await page.setViewportSize(size);
    await focus?.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}/${name}-${label}.png` });
  }
  if (current) await page.setViewportSize(current);
}

async function signInToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/user_token', {
    data: { auth: { email: demoCustomer.email, password: demoCustomer.password } },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { jwt: string }).jwt;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const greeting = (page: Page) => page.getByRole('button', { name: `Hi, ${demoCustomer.firstName}` });

test.describe('a link with ?token= (item 4, decision 030)', () => {
  test('signs in on the home page, leaves the address bar at once and sends no referrer', async ({ page, request }) => {
    const jwt = await signInToken(request);
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(jwt) || (r.headers()['referer'] ?? '').includes(jwt)) seen.push(r.url());
    });
    const response = await page.goto(`/?confirmed=ok&name=Dana&token=${encodeURIComponent(jwt)}`);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    await expect(greeting(page)).toBeVisible();
    await expect(page.getByText('Your account has been verified. Please log in.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Browse Presets', level: 1 })).toBeVisible();
    // signed in by the link: no sign-in modal, and no token (nor confirmed/name) in the address
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => location.pathname + location.search)).toBe('/');
    // only the document request itself carried it: every later request went without
    expect(seen).toEqual([page.url().replace(/\/$/, '') + `/?confirmed=ok&name=Dana&token=${encodeURIComponent(jwt)}`]);
    // stored as sign-in stores it: the exchanged JWT (same server session as the link's, so it
    // may equal the link's when issued in the same second) signs API calls in
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('caterway.user') ?? 'null') as { jwt: string } | null,
    );
    expect(stored?.jwt).toBeTruthy();
    const me = await request.get('/api/v2/current', { headers: { authorization: `Bearer ${stored!.jwt}` } });
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(demoCustomer.email);
  });

  test('signs in on /browse-restaurants; a bad token later signs no one out', async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 401/);
    const jwt = await signInToken(request);
    await page.goto(`/browse-restaurants?token=${encodeURIComponent(jwt)}`);
    await expect(greeting(page)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/browse-presets?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Browse Presets', level: 1 })).toBeVisible();
    await expect(greeting(page)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('a bad token leaves the visitor a visitor, silently; the reset page keeps its own token', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 401/);
    await page.goto('/browse-presets?token=expired-or-forged&q=1');
    await expect(page.getByRole('heading', { name: 'Popular Options', level: 1 })).toBeVisible();
    await expect(nav(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('?q=1');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/accounts/reset-password?token=reset-token-1');
    expect(new URL(page.url()).searchParams.get('token')).toBe('reset-token-1');
  });
});

test.describe('visitors reaching payment (item 5)', () => {
  // The cart arrives in navigation state (ordering-payments §2); a visitor gets there when the
  // session ends in another tab. History state survives a reload, as it does for the browser.
  async function openWithState(page: Page, path: string, state: unknown) {
    await page.goto('/');
    await page.evaluate(({ path, state }) => history.replaceState({ usr: state, key: 'visitor', idx: 0 }, '', path), {
      path,
      state,
    });
    await page.reload();
  }
  const cart = {
    preset: { id: 1, name: 'Preset' },
    checkoutData: [],
    receivingMethod: 'delivery',
    deliveryPriceCents: 0,
    restaurantAddress: '',
  };

  test("/checkout and /add_on_checkout say 'Please Sign In to Pay.' and offer the sign-in modal", async ({ page }) => {
    await openWithState(page, '/checkout', cart);
    await expect(page.getByText('Please Sign In to Pay.')).toBeVisible();
    await shoot(page, 'checkout-sign-in-to-pay');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await page.keyboard.press('Escape');

    await openWithState(page, '/add_on_checkout', {
      ...cart,
      addOn: { orderId: 5, purchaseId: 'p-5' },
      parentToken: '/chefs/preset/5',
      addLastTimeItem: false,
    });
    await expect(page).toHaveURL(/\/add_on_checkout$/);
    await expect(page.getByText('Please Sign In to Pay.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });
});

test('a stale token on the preset page signs out and loads the page as a visitor (item 13)', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  const jwt = await signInToken(request);
  const me = (await (await request.get('/api/v2/current', { headers: { authorization: `Bearer ${jwt}` } })).json()) as {
    user: { id: number };
  };
  expect((await request.delete('/user_token', { headers: { authorization: `Bearer ${jwt}` } })).status()).toBe(204);
  const lists = (await (await request.get('/api/v2/presets')).json()) as {
    presets: { all_presets: [string, { slug: string; name: string }[]][] };
  };
  const preset = lists.presets.all_presets.flatMap(([, presets]) => presets)[0]!;
  await page.goto('/');
  await page.evaluate(
    ({ jwt, id }) =>
      localStorage.setItem(
        'caterway.user',
        JSON.stringify({
          id,
          firstName: 'Dana',
          lastName: 'Lee',
          email: 'demo@caterway.ca',
          confirmed: true,
          role: 'customer',
          adminToken: null,
          jwt,
        }),
      ),
    { jwt, id: me.user.id },
  );
  await page.goto(`/preset-detail/${preset.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: preset.name })).toBeVisible();
  await expect(page.getByText('You are logged out because of inactivity. Please login again!')).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
});

test('the delivery bar says why SAVE is off for a past date (item 14)', async ({ page }) => {
  await page.goto('/browse-restaurants');
  const bar = page.getByRole('region', { name: 'Delivery details' });
  await bar.getByRole('button', { name: 'Update Details' }).click();
  const date = bar.getByLabel('Date');
  await expect(date).toBeVisible();
  await expect(bar.getByRole('alert')).toHaveCount(0);
  const yesterday = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() - 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await date.fill(yesterday);
  await expect(bar.getByRole('alert')).toHaveText('Please select valid date.');
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(bar.getByRole('button', { name: 'SAVE' })).toBeDisabled();
  await shoot(page, 'delivery-bar-past-date');
});

test('the home page carries the demo-request form, loaded near the viewport without moving the page (item 16) @phone', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.locator('.landing-demo-form');
  await expect(box).toBeAttached();
  const form = page.getByRole('form', { name: 'Request a demo' });
  await expect(form).toHaveCount(0);
  const before = (await box.boundingBox())!;
  await box.scrollIntoViewIfNeeded();
  await expect(form).toBeVisible();
  const after = (await box.boundingBox())!;
  // the reserved height held the form: what follows the box did not move
  expect(Math.abs(after.height - before.height)).toBeLessThan(2);
  await form.getByRole('button', { name: 'Request a demo' }).click();
  await expect(form.getByText('Please fill in the required field.').first()).toBeVisible();
  await expect(form.getByText('Please select one of the options below').first()).toBeVisible();
  await shoot(page, 'home-demo-form', form);
  // /book-demo stays
  await page.goto('/book-demo');
  await expect(page.getByRole('form', { name: 'Request a demo' })).toBeVisible();
});
