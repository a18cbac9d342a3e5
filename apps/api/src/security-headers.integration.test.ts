import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../test/helpers.js';
import { createOutboxMailer } from './adapters/email/index.js';
import { createGeocoder } from './adapters/geocoding/index.js';
import { createSandboxProvider } from './adapters/payments/index.js';
import { buildApp } from './app.js';
import { ensureDemoData } from './db/seed/demo.js';
import { fixedClock } from './lib/clock.js';
import { signedInUser } from './modules/auth/auth.test-helpers.js';
import { moveOrder, placeOrder } from './modules/order-history/order-history.test-helpers.js';
import { restaurantFixture } from './modules/orders/orders.test-helpers.js';

// Issue 7 item 5: security headers on EVERY response (docs/decisions/016). A walk over one
// representative URL of every kind the server answers: API JSON, each error path (400, 401, 404,
// 422, 429, 500), the storefront's HTML and static files, the group-order site, a PDF, the API
// docs (swagger UI, which sets its own policy), the development mailbox and generated media.

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** The policy every response must carry. */
function expectSecure(url: string, headers: Record<string, unknown>) {
  const policy = headers['content-security-policy'];
  const csp = typeof policy === 'string' ? policy : '';
  expect(csp, `${url}: content-security-policy`).not.toBe('');
  const d = directives(csp);
  const scripts = d.get('script-src') ?? d.get('default-src') ?? [];
  expect(scripts, `${url}: script-src`).toContain("'self'");
  expect(scripts, `${url}: no inline scripts`).not.toContain("'unsafe-inline'");
  expect(scripts, `${url}: no eval`).not.toContain("'unsafe-eval'");
  expect(d.get('frame-ancestors'), `${url}: frame-ancestors`).toEqual(["'none'"]);
  expect(d.get('object-src'), `${url}: object-src`).toEqual(["'none'"]);
  expect(headers['strict-transport-security'], `${url}: HSTS`).toMatch(/max-age=\d{7,}/);
  expect(headers['x-content-type-options'], `${url}: nosniff`).toBe('nosniff');
  expect(headers['x-frame-options'], `${url}: x-frame-options`).toMatch(/^(DENY|SAMEORIGIN)$/);
}

describe('security headers on every response', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let tmp: string;
  let jwt: string;
  let invoiceId: number;

  beforeAll(async () => {
    // built sites stand-ins: the serving path (static files, SPA fallback) is what is under test
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'caterway-headers-'));
    for (const site of ['web', 'groups']) {
      fs.mkdirSync(path.join(tmp, site, 'assets'), { recursive: true });
      fs.writeFileSync(
        path.join(tmp, site, 'index.html'),
        '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>',
      );
      fs.writeFileSync(path.join(tmp, site, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
      fs.writeFileSync(path.join(tmp, site, 'assets', 'app-1a2b3c.css'), 'body{margin:0}');
    }
    fs.writeFileSync(path.join(tmp, 'web', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const database = await createTestDatabase();
    drop = () => database.drop();
    const clock = fixedClock(NOW);
    const config = testConfig({
      WEB_DIST_DIR: path.join(tmp, 'web'),
      GROUP_ORDERS_DIST_DIR: path.join(tmp, 'groups'),
      DEV_MAILBOX: 'true',
      RATE_LIMIT_SEARCH_PER_MINUTE: '1',
    });
    const deps = {
      config,
      db: database.db,
      clock,
      mailer: createOutboxMailer(database.db),
      geocoder: createGeocoder(config, console),
      payments: createSandboxProvider({ db: database.db, clock }),
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    };
    app = await buildApp(deps, { logger: false });
    // a route that fails unexpectedly: the 500 path
    app.get('/api/test-only/boom', () => {
      throw new Error('database exploded: SELECT * FROM secrets');
    });
    await app.ready();
    // a delivered order, so an invoice PDF exists
    await ensureDemoData(database.db, quiet);
    const f = await restaurantFixture(database.db);
    jwt = (await signedInUser(app, database.db)).jwt;
    const placed = await placeOrder({ app, db: database.db, deps }, f, jwt, NOW);
    await moveOrder(database.db, placed.id, ['accept', 'mark_delivery_ready'], NOW);
    invoiceId = placed.id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await drop?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('carries CSP (no inline script, frame-ancestors none), HSTS, nosniff and X-Frame-Options on every kind of answer', async () => {
    const auth = () => ({ authorization: `Bearer ${jwt}` });
    const walk: {
      url: string;
      method?: 'GET' | 'POST';
      payload?: unknown;
      headers?: Record<string, string>;
      status: number;
      type?: RegExp;
    }[] = [
      { url: '/api/health', status: 200, type: /json/ },
      { url: '/api/v2/site_config', status: 200, type: /json/ },
      { url: '/api/v2/search/elastic_search?q=thai', status: 200, type: /json/ },
      { url: '/api/v2/search/elastic_search?q=thai', status: 429, type: /json/ }, // RATE_LIMIT_SEARCH_PER_MINUTE=1
      {
        url: '/user_token',
        method: 'POST',
        payload: '{"auth":',
        headers: { 'content-type': 'application/json' },
        status: 400,
        type: /json/,
      },
      {
        url: '/user_token',
        method: 'POST',
        payload: { auth: { email: 'nobody@example.com', password: 'Wrong1Password' } },
        status: 401,
        type: /json/,
      },
      { url: '/api/v2/users', method: 'POST', payload: { user: {} }, status: 422, type: /json/ },
      { url: '/api/v2/no-such-thing', status: 404, type: /json/ },
      { url: '/api/test-only/boom', status: 500, type: /json/ },
      { url: '/api/v2/order_history', headers: auth(), status: 200, type: /json/ },
      {
        url: `/api/v2/catering_order_invoices/${invoiceId}.pdf`,
        headers: auth(),
        status: 200,
        type: /application\/pdf/,
      },
      { url: '/', status: 200, type: /html/ },
      { url: '/restaurants/somewhere', status: 200, type: /html/ },
      { url: '/dev/mailbox', status: 200, type: /html/ },
      { url: '/api/v2/dev/mailbox', status: 200, type: /json/ },
      { url: '/assets/app-1a2b3c.js', status: 200, type: /javascript/ },
      { url: '/assets/app-1a2b3c.css', status: 200, type: /css/ },
      { url: '/favicon.svg', status: 200, type: /svg/ },
      { url: '/assets/missing-000.js', status: 404 },
      { url: '/group-orders-site/', status: 200, type: /html/ },
      { url: '/group-orders-site/g/some-share-token', status: 200, type: /html/ },
      { url: '/group-orders-site/assets/app-1a2b3c.js', status: 200, type: /javascript/ },
      { url: '/media/art/dish/12-bowl.svg', status: 200, type: /svg/ },
      { url: '/api/docs', status: 200 },
      { url: '/api/docs/static/swagger-ui.css', status: 200, type: /css/ },
      { url: '/api/docs/static/swagger-ui-bundle.js', status: 200, type: /javascript/ },
      { url: '/api/docs/json', status: 200, type: /json/ },
    ];
    for (const step of walk) {
      const res = await app.inject({
        method: step.method ?? 'GET',
        url: step.url,
        headers: step.headers,
        ...(step.payload === undefined
          ? {}
          : typeof step.payload === 'string'
            ? { payload: step.payload }
            : { payload: step.payload as object }),
      });
      expect(res.statusCode, `${step.method ?? 'GET'} ${step.url}`).toBe(step.status);
      if (step.type) expect(String(res.headers['content-type']), `${step.url}: content-type`).toMatch(step.type);
      expectSecure(step.url, res.headers);
      if (res.statusCode >= 500) expect(res.body).not.toMatch(/SELECT|exploded|at .*\.ts/);
    }
  });

  it('allows style attributes but no <style> element, and nothing from other origins', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('style-src')).toEqual(["'self'"]);
    expect(d.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(d.get('script-src-attr')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });
});
