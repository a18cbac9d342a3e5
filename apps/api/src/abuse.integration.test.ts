import crypto from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../test/helpers.js';
import { productionEnv } from '../test/production-env.js';
import { ConfigError, loadConfig } from './config/env.js';
import { fixedClock } from './lib/clock.js';
import { registerHotPathRateLimit } from './lib/rate-limit.js';
import { confirmedUser, randomIp, signIn, testGeocoder } from './modules/auth/auth.test-helpers.js';
import { registerErrorHandler } from './plugins/error-handler.js';

// Issue 7 item 5, abuse: a sign-in flood on one account from changing addresses, 1,000 searches a
// minute from one address, and spoofed forwarding headers (docs/decisions/016). Pass: 429 with
// Retry-After and the domain's message, never 5xx, memory bounded, X-Forwarded-For believed only
// from the configured proxy.

const tooMany = { error: messages.tooManyAttempts };
const PROXY = '10.250.0.1';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const search = (q = 'thai') => `/api/v2/search/elastic_search?q=${q}`;

describe('150 failed sign-ins on one account from changing addresses', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-05-04T10:05:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder, clock, env: { TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  // decision 029: the account's backoff, not an hour's lock-out: 5 failures pass, then each
  // attempt waits 2^k s after the last counted one; refused attempts do not lengthen the wait
  it('refuses past the per-account backoff with 429 and Retry-After, whatever the address, the right password too, and only for the wait', async () => {
    const user = await confirmedUser(ctx.app, ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      // half straight from ever-new peers, half through the trusted proxy naming ever-new clients
      const res =
        i % 2
          ? await signIn(ctx.app, user.email, `Wrong${i}Password`, randomIp())
          : await ctx.app.inject({
              method: 'POST',
              url: '/user_token',
              remoteAddress: PROXY,
              headers: { 'x-forwarded-for': randomIp() },
              payload: { auth: { email: user.email, password: `Wrong${i}Password` } },
            });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ error: messages.signInBackoff(1) });
        expect(res.headers['retry-after']).toBe('1');
      }
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await signIn(ctx.app, user.email, user.password, randomIp());
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ error: messages.signInBackoff(1) });
    // the 145 refused attempts did not lock the account: a second later the owner signs in
    clock.advance(1000);
    expect((await signIn(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(200);
  }, 60_000);
});

describe('1,000 searches a minute from one address', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2026-05-04T10:05:15Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ geocoder: testGeocoder, clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the first RATE_LIMIT_SEARCH_PER_MINUTE (600 by default) and refuses the rest with 429 and Retry-After, in memory', async () => {
    expect(ctx.deps.config.rateLimitSearchPerMinute).toBe(600);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: i % 3 ? search() : '/api/v2/search?search_type=restaurant&address=Toronto',
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual(tooMany);
        // the address's window started with its first search, a few seconds ago at most
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(50);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.slice(0, 600).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
    // no database write per search: the PostgreSQL counters stay empty
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM rate_limit_hits');
    expect(rows[0].n).toBe(0);
    // another address is not affected (a window's end: 'a hot-path limit' below)
    expect((await ctx.app.inject({ method: 'GET', url: search(), remoteAddress: randomIp() })).statusCode).toBe(200);
  }, 60_000);
});

describe('the search limit across instances (REDIS_URL)', () => {
  const apps: TestContext[] = [];
  const prefix = `caterway:scale:test:${crypto.randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    const clock = fixedClock(new Date('2026-05-04T10:05:00Z'));
    for (let i = 0; i < 2; i++) {
      apps.push(
        await createTestApp({
          geocoder: testGeocoder,
          clock,
          env: {
            REDIS_URL: redisUrl,
            REDIS_KEY_PREFIX: prefix,
            RATE_LIMIT_SEARCH_PER_MINUTE: '20',
            TRUST_PROXY: PROXY,
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const c of apps) await c.close();
    await deleteKeys(prefix);
  });

  it('two API processes count one address together', async () => {
    const client = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await apps[i % 2]!.app.inject({
        method: 'GET',
        url: search(),
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});

describe('search while Redis is away', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      geocoder: testGeocoder,
      clock: fixedClock(new Date('2026-05-04T10:05:00Z')),
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_SEARCH_PER_MINUTE: '3' },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('keeps answering: the limit fails open while its counts cannot be kept (decision 037)', async () => {
    const ip = randomIp();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await ctx.app.inject({ method: 'GET', url: search(), remoteAddress: ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('spoofed forwarding headers', () => {
  let ctx: TestContext;
  let direct: TestContext;
  beforeAll(async () => {
    const clock = fixedClock(new Date('2026-05-04T10:05:00Z'));
    ctx = await createTestApp({
      geocoder: testGeocoder,
      clock,
      env: { TRUST_PROXY: `${PROXY},10.251.0.0/16`, RATE_LIMIT_SEARCH_PER_MINUTE: '5' },
    });
    direct = await createTestApp({ geocoder: testGeocoder, clock, env: { RATE_LIMIT_SEARCH_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await ctx.close();
    await direct.close();
  });

  it('an untrusted peer cannot choose its address with X-Forwarded-For', async () => {
    for (const app of [ctx.app, direct.app]) {
      const peer = randomIp();
      const statuses = [];
      for (let i = 0; i < 8; i++) {
        const res = await app.inject({
          method: 'GET',
          url: search(),
          remoteAddress: peer,
          headers: { 'x-forwarded-for': `${randomIp()}, ${PROXY}`, 'x-real-ip': randomIp() },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    }
  });

  it('the configured proxy (an address or a CIDR) names the client; only the address it saw counts', async () => {
    // eight clients behind the proxy: none is limited
    for (let i = 0; i < 8; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: search(),
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': randomIp() },
      });
      expect(res.statusCode).toBe(200);
    }
    // one client through two proxies of the CIDR, with a forged address prepended by the client
    const client = randomIp();
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: search(),
        remoteAddress: `10.251.3.${i + 1}`,
        headers: { 'x-forwarded-for': `${randomIp()}, ${client}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('TRUST_PROXY: false and lists accepted, true only loopback (refused in production), nonsense refused', () => {
    const base = { NODE_ENV: 'development', DATA_DIR: '/tmp/caterway-test-data' };
    expect(loadConfig(base).trustProxy).toEqual([]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toEqual(['127.0.0.1/8', '::1/128']);
    const production = productionEnv;
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the proxy/);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });
});

/** A bare app with one route behind a hot-path limit (lib/rate-limit.ts). */
async function limitedApp(options: Omit<Parameters<typeof registerHotPathRateLimit>[1], 'name'>) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  const limit = await registerHotPathRateLimit(app, { name: 'test', ...options });
  app.get('/s', { preHandler: limit }, (_request, reply) => reply.send({ ok: true }));
  await app.ready();
  return app;
}

/** Deletes the test's Redis keys (each test uses a prefix of its own). */
async function deleteKeys(prefix: string) {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

describe('a hot-path limit (@fastify/rate-limit)', () => {
  it('starts afresh when the window of an address ends', async () => {
    const app = await limitedApp({ max: 2, timeWindowMs: 400 });
    try {
      const hit = () => app.inject({ method: 'GET', url: '/s', remoteAddress: '198.51.100.4' });
      expect((await hit()).statusCode).toBe(200);
      expect((await hit()).statusCode).toBe(200);
      const refused = await hit();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooMany);
      expect(refused.headers['retry-after']).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await hit()).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('two instances sharing Redis count one address together, under their prefix', async () => {
    const prefix = `caterway:rl-test:${crypto.randomBytes(4).toString('hex')}:`;
    const options = { max: 5, timeWindowMs: 60_000, redisUrl, redisKeyPrefix: prefix };
    const apps = [await limitedApp(options), await limitedApp(options)];
    try {
      const statuses = [];
      for (let i = 0; i < 8; i++)
        statuses.push(
          (await apps[i % 2]!.inject({ method: 'GET', url: '/s', remoteAddress: '198.51.100.5' })).statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const redis = new Redis(redisUrl);
      try {
        // one counter, under the prefix (the library puts a route tag, empty here, before the address)
        const keys = await redis.keys(`${prefix}*`);
        expect(keys).toHaveLength(1);
        expect(keys[0]!.startsWith(`${prefix}rl:test:`) && keys[0]!.endsWith('198.51.100.5')).toBe(true);
        // it expires with its window
        expect(await redis.pttl(keys[0]!)).toBeGreaterThan(50_000);
      } finally {
        await redis.quit();
      }
    } finally {
      for (const app of apps) await app.close();
      await deleteKeys(prefix);
    }
  });
});

describe('memory stays bounded under a flood of distinct addresses', () => {
  it('20,000 addresses keep at most maxKeys counters: the quiet ones are forgotten, the hot one stays limited', async () => {
    const app = await limitedApp({ max: 5, timeWindowMs: 60_000, maxKeys: 1_000 });
    try {
      const hit = async (ip: string) => (await app.inject({ method: 'GET', url: '/s', remoteAddress: ip })).statusCode;
      const quiet = '198.51.100.9';
      for (let i = 0; i < 5; i++) expect(await hit(quiet)).toBe(200);
      expect(await hit(quiet)).toBe(429);
      const hot: number[] = [];
      for (let i = 0; i < 20_000; i++) {
        await hit(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
        if (i % 100 === 0) hot.push(await hit('203.0.113.7'));
      }
      // the address hitting all along was never forgotten: refused from its 6th request on
      expect(hot.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(hot.slice(5).every((s) => s === 429)).toBe(true);
      // the quiet one was pushed out by the flood: it starts a new count
      expect(await hit(quiet)).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});
