import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helpers.js';
import { createStripeProvider } from '../../adapters/payments/index.js';

// GET api/v2/site_config: where the storefront sends people for group orders (runtime config).
describe('GET api/v2/site_config', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it('answers GROUP_ORDERS_URL without a trailing slash, to anyone, cacheable', async () => {
    const ctx = await createTestApp({ env: { GROUP_ORDERS_URL: 'https://groups.example.com/' } });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/site_config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      group_orders_url: 'https://groups.example.com',
      test_mode: true,
      support_email: 'support@caterway.ca',
      support_phone: '+1 416-555-0100',
      map_tile_url: '',
      map_tile_attribution: '© OpenStreetMap contributors',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('defaults to the group-order site under the public URL', async () => {
    const ctx = await createTestApp({ env: { PUBLIC_URL: 'https://caterway.example.com' } });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/site_config' });
    expect(res.json()).toMatchObject({
      group_orders_url: 'https://caterway.example.com/group-orders-site',
      test_mode: true,
    });
  });

  it('answers the support line that SUPPORT_EMAIL and SUPPORT_PHONE set (decision 066)', async () => {
    const ctx = await createTestApp({
      env: { SUPPORT_EMAIL: 'help@caterway.example', SUPPORT_PHONE: '1 (800) 555-0142' },
    });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/site_config' });
    expect(res.json()).toMatchObject({ support_email: 'help@caterway.example', support_phone: '1 (800) 555-0142' });
  });

  it('says test mode while the sandbox provider takes the payments, and not with Stripe', async () => {
    const sandbox = await createTestApp();
    contexts.push(sandbox);
    expect((await sandbox.app.inject({ method: 'GET', url: '/api/v2/site_config' })).json()).toMatchObject({
      test_mode: true,
    });
    const stripe = await createTestApp({
      payments: createStripeProvider({
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        apiUrl: 'http://127.0.0.1:9',
      }),
    });
    contexts.push(stripe);
    expect((await stripe.app.inject({ method: 'GET', url: '/api/v2/site_config' })).json()).toMatchObject({
      test_mode: false,
    });
  });

  it('hands the storefront MAP_TILE_URL and lets the pages load its tiles (CSP img-src)', async () => {
    const ctx = await createTestApp({
      env: { MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example tiles' },
    });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/site_config' });
    expect(res.json()).toMatchObject({
      map_tile_url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      map_tile_attribution: '© Example tiles',
    });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob: https:\/\/\*\.tile\.example\.org/,
    );
    // without it, no other origin's images
    const offline = await createTestApp();
    contexts.push(offline);
    const plain = await offline.app.inject({ method: 'GET', url: '/api/v2/site_config' });
    expect(String(plain.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob:;/);
  });

  it('refuses a MAP_TILE_URL without {z}, {x} and {y}', () => {
    expect(() => testConfig({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(/MAP_TILE_URL/);
    expect(testConfig({ MAP_TILE_URL: 'http://127.0.0.1:5107/{z}/{x}/{y}.png' }).mapTileUrl).toBe(
      'http://127.0.0.1:5107/{z}/{x}/{y}.png',
    );
  });
});
