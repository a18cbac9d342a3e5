import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGroupOrdersSite } from './group-orders-site.js';
import { registerWeb } from './web.js';

// The group-order site and the storefront on one server: each SPA answers its own paths.
describe('group-order site serving', () => {
  let app: FastifyInstance;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'go-site-'));
  const web = path.join(root, 'web');
  const site = path.join(root, 'site');

  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<html><body>storefront</body></html>');
    fs.writeFileSync(
      path.join(site, 'index.html'),
      '<html><head><base href="/group-orders-site/" /></head><body>site</body></html>',
    );
    fs.writeFileSync(path.join(site, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.mkdirSync(path.join(site, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(site, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index-abc.js"}}');
    fs.writeFileSync(path.join(site, '.hidden'), 'secret');
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    app.get('/api/v2/ping', () => ({ ok: true }));
    await registerGroupOrdersSite(app, {
      distDir: site,
      basePath: '/team-meals',
      siteUrl: 'https://caterway.test/team-meals',
      host: null,
    });
    await registerWeb(app, web);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("serves the site's pages under its path with a <base> for that path, never cached", async () => {
    for (const url of [
      '/team-meals',
      '/team-meals/',
      '/team-meals/g/abcdefghijkl',
      '/team-meals/grouporder-dashboard/7?x=1',
      '/team-meals/index.html',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<base href="/team-meals/" />');
      expect(res.body, url).toContain('site');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year and answers a missing file 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/team-meals/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/team-meals/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/team-meals/../web/index.html' })).body).not.toContain(
      'storefront',
    );
  });

  it('keeps the build manifest and any dot-file private (404)', async () => {
    for (const url of [
      '/team-meals/.vite/manifest.json',
      '/team-meals/.vite/',
      '/team-meals/.hidden',
      '/team-meals/assets/../.vite/manifest.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('index-abc');
    }
  });

  it('leaves the storefront and the API alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/my-orders' })).body).toContain('storefront');
    expect((await app.inject({ method: 'GET', url: '/api/v2/ping' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/api/v2/nothing' })).statusCode).toBe(404);
  });

  it("sends the storefront's links to the site's pages on to the site, query intact", async () => {
    const created = await app.inject({
      method: 'GET',
      url: '/group-orders/0b5f6a40-1111-4222-8333-944455556666?delivery_date=2026-12-01&address=1%20King',
    });
    expect(created.statusCode).toBe(302);
    expect(created.headers.location).toBe(
      'https://caterway.test/team-meals/group-orders/0b5f6a40-1111-4222-8333-944455556666?delivery_date=2026-12-01&address=1%20King',
    );
    const dashboard = await app.inject({ method: 'GET', url: '/grouporder-dashboard/7?admin_token=t0k' });
    expect(dashboard.headers.location).toBe('https://caterway.test/team-meals/grouporder-dashboard/7?admin_token=t0k');
    expect((await app.inject({ method: 'GET', url: '/g/abcdefghijkl' })).headers.location).toBe(
      'https://caterway.test/team-meals/g/abcdefghijkl',
    );
  });

  it('serves the site at the root of a host name of its own, the storefront on every other host', async () => {
    const both = Fastify();
    both.get('/api/v2/ping', () => ({ ok: true }));
    await registerGroupOrdersSite(both, {
      distDir: site,
      basePath: '',
      siteUrl: 'https://teams.caterway.test',
      host: 'teams.caterway.test',
    });
    await registerWeb(both, web);
    const onSite = (url: string) => both.inject({ method: 'GET', url, headers: { host: 'teams.caterway.test' } });
    for (const url of [
      '/',
      '/g/abcdefghijkl',
      '/group-orders/0b5f6a40-1111-4222-8333-944455556666',
      '/grouporder-dashboard/7',
    ]) {
      const res = await onSite(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<base href="/" />');
    }
    expect((await onSite('/assets/index-abc.js')).headers['cache-control']).toContain('immutable');
    expect((await onSite('/api/v2/ping')).json()).toEqual({ ok: true });
    const storefront = await both.inject({ method: 'GET', url: '/g/abcdefghijkl', headers: { host: 'caterway.test' } });
    expect(storefront.headers.location).toBe('https://teams.caterway.test/g/abcdefghijkl');
    expect(
      (await both.inject({ method: 'GET', url: '/my-orders', headers: { host: 'caterway.test' } })).body,
    ).toContain('storefront');
    await both.close();
  });

  it('says so when the site is not built', async () => {
    const bare = Fastify();
    await registerGroupOrdersSite(bare, {
      distDir: path.join(root, 'nothing'),
      basePath: '/group-orders-site',
      siteUrl: 'http://x/group-orders-site',
      host: null,
    });
    const res = await bare.inject({ method: 'GET', url: '/group-orders-site/g/abc' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/not built/);
    await bare.close();
  });
});
