import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

describe('GET /media/art/:kind/:seed.svg', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves a cacheable SVG picture', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/art/dish/123-bowl.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body.length).toBeLessThan(3072);
    const again = await ctx.app.inject({ method: 'GET', url: '/media/art/dish/123-bowl.svg' });
    expect(again.body).toBe(res.body);
  });

  it('draws the dish type the URL names, banners of three dishes, and old shape hints still', async () => {
    for (const [url, limit] of [
      ['/media/art/dish/123-sushi.svg', 3072],
      ['/media/art/item/9-coffee.svg', 3072],
      ['/media/art/chef-banner/5-sushi-ramen-dumplings.svg', 6144],
      ['/media/art/preset/77-salad-sandwich-cookies.svg', 6144],
      ['/media/art/dish/123-tray.svg', 3072],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.length, url).toBeLessThan(limit);
    }
  });

  it('draws a monogram for a chef profile', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/art/chef-profile/5-mh.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('>MH</text>');
  });

  it('answers 404 JSON for an unknown kind, a bad seed or another extension', async () => {
    for (const url of [
      '/media/art/avatar/1.svg',
      '/media/art/dish/..%2Fx.svg',
      '/media/art/dish/1.png',
      '/media/art/dish/UPPER.svg',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });
});
