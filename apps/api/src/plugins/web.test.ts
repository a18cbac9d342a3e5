import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadLinks, type ViteManifest } from './web-preload.js';
import { registerWeb } from './web.js';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-e1.css'] },
  '_react.js': { file: 'assets/react-r1.js' },
  '_cart.js': { file: 'assets/cart-c1.js', imports: ['_react.js'], css: ['assets/cart-c1.css'] },
  'src/app/routes/restaurant.tsx': { file: 'assets/restaurant-p1.js', imports: ['_cart.js', '_react.js'] },
  'src/app/routes/home.tsx': { file: 'assets/home-h1.js', imports: ['_react.js'] },
  'src/features/landing/components/landing-sections.tsx': { file: 'assets/landing-sections-l1.js' },
};

describe('route preloads', () => {
  it("names the page's chunks and stylesheets the entry does not already load", () => {
    const links = preloadLinks(manifest, '/chefs/nori-house');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/cart-c1.css">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/restaurant-p1.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/cart-c1.js">');
    expect(links).not.toContain('react-r1.js');
    expect(links).not.toContain('index-e1');
  });

  it('preloads the landing page and its sections on /, nothing on other pages', () => {
    expect(preloadLinks(manifest, '/')).toContain('home-h1.js');
    expect(preloadLinks(manifest, '/')).toContain('landing-sections-l1.js');
    expect(preloadLinks(manifest, '/about-us')).toBe('');
    expect(preloadLinks({}, '/chefs/x')).toBe('');
  });
});

describe('storefront serving', () => {
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  const js = 'export const answer = 42;\n'.repeat(100);

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>t</title></head><body>storefront</body></html>',
    );
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [, chunk] of Object.entries(manifest)) fs.writeFileSync(path.join(dist, chunk.file), js);
    fs.writeFileSync(path.join(dist, 'assets/restaurant-p1.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets/restaurant-p1.js.gz'), zlib.gzipSync(js));
    app = Fastify();
    await registerWeb(app, dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("answers a page with index.html and that page's preloads, never cached", async () => {
    const res = await app.inject({ method: 'GET', url: '/chefs/nori-house?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('storefront');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/restaurant-p1.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/cart-c1.css">');
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('/assets/home-h1.js');
  });

  it("sends a hashed asset as the build's brotli or gzip copy, cached for a year", async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/restaurant-p1.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(/javascript/);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(js);
    }
    const plain = await app.inject({ method: 'GET', url: '/assets/restaurant-p1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('keeps the build manifest private and answers a missing file 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers the development mailbox pages 404 unless it is on (DEV_MAILBOX)', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/3', '/dev'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    const withMailbox = Fastify();
    await registerWeb(withMailbox, dist, { devMailbox: true });
    const res = await withMailbox.inject({ method: 'GET', url: '/dev/mailbox/3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('storefront');
    await withMailbox.close();
  });
});
