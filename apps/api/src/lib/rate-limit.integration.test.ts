import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestDatabase } from '../../test/helpers.js';
import type { Db } from '../db/pool.js';
import { fixedClock } from './clock.js';
import { AppError } from './errors.js';
import {
  createPgRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  enforceRateLimits,
  type RateLimiter,
} from './rate-limit.js';

// The CI machine runs Redis; locally `redis-server` on the default port does.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

/** The same behaviour, asserted for each adapter. */
function limiterContract(name: string, make: (clock: ReturnType<typeof fixedClock>) => RateLimiter) {
  describe(name, () => {
    it('counts hits in a fixed window and refuses those over the limit', async () => {
      const clock = fixedClock(new Date('2026-01-05T09:03:20Z'));
      const limiter = make(clock);
      const rule = { key: `k-${crypto.randomUUID()}`, limit: 3, windowMs: 15 * MINUTE };
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await limiter.hit(rule));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
      expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4, 5]);
      // window 09:00-09:15; at 09:03:20 there are 11 min 40 s left
      expect(results[3]!.retryAfterSeconds).toBe(700);

      clock.advance(11 * MINUTE + 39_500);
      const late = await limiter.hit(rule);
      expect(late.allowed).toBe(false);
      expect(late.retryAfterSeconds).toBe(1);
      clock.advance(500);
      const next = await limiter.hit(rule);
      expect(next).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 900 });
    });

    it('keeps keys and window lengths apart', async () => {
      const clock = fixedClock(new Date('2026-01-05T09:00:00Z'));
      const limiter = make(clock);
      const a = `a-${crypto.randomUUID()}`;
      const b = `b-${crypto.randomUUID()}`;
      await limiter.hit({ key: a, limit: 1, windowMs: MINUTE });
      expect((await limiter.hit({ key: a, limit: 1, windowMs: MINUTE })).allowed).toBe(false);
      expect((await limiter.hit({ key: b, limit: 1, windowMs: MINUTE })).allowed).toBe(true);
      expect((await limiter.hit({ key: a, limit: 1, windowMs: 60 * MINUTE })).hits).toBe(1);
    });

    it('counts concurrent hits exactly', async () => {
      const limiter = make(fixedClock(new Date('2026-01-05T09:00:00Z')));
      const rule = { key: `c-${crypto.randomUUID()}`, limit: 10, windowMs: MINUTE };
      const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(rule)));
      expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    });

    it('enforceRateLimits answers 429 with the longest Retry-After of the rules over their limit', async () => {
      const limiter = make(fixedClock(new Date('2026-01-05T09:00:30Z')));
      const short = { key: `s-${crypto.randomUUID()}`, limit: 1, windowMs: MINUTE };
      const long = { key: `l-${crypto.randomUUID()}`, limit: 1, windowMs: 60 * MINUTE };
      await enforceRateLimits(limiter, [short, long]);
      const err = await enforceRateLimits(limiter, [short, long]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(429);
      expect((err as AppError).message).toBe(messages.tooManyAttempts);
      expect((err as AppError).headers).toEqual({ 'retry-after': String(59 * 60 + 30) });
    });
  });
}

describe('rate limiter adapters', () => {
  let database: { db: Db; drop(): Promise<void> };
  let redis: Redis;
  const prefix = `caterway-test:${process.pid}:${crypto.randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await database.drop();
  });

  limiterContract('PostgreSQL', (clock) => createPgRateLimiter(database.db, clock));
  limiterContract('Redis', (clock) => createRedisRateLimiter(redis, clock, { prefix }));

  it('PostgreSQL keeps one row per key and window', async () => {
    const limiter = createPgRateLimiter(database.db, fixedClock(new Date('2026-01-05T09:07:00Z')));
    const key = `row-${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i++) await limiter.hit({ key, limit: 5, windowMs: 15 * MINUTE });
    const { rows } = await database.db.query('SELECT window_start, hits FROM rate_limit_hits WHERE key = $1', [
      `${key}|${15 * MINUTE}`,
    ]);
    expect(rows).toEqual([{ window_start: new Date('2026-01-05T09:00:00Z'), hits: 3 }]);
  });

  it('Redis keys expire when their window ends', async () => {
    const clock = fixedClock(new Date('2026-01-05T09:14:00Z'));
    const limiter = createRedisRateLimiter(redis, clock, { prefix });
    const key = `ttl-${crypto.randomUUID()}`;
    await limiter.hit({ key, limit: 5, windowMs: 15 * MINUTE });
    const redisKey = `${prefix}${key}|${15 * MINUTE}:${Date.parse('2026-01-05T09:00:00Z')}`;
    expect(await redis.get(redisKey)).toBe('1');
    const ttl = await redis.pttl(redisKey);
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it('createRateLimiter picks Redis when a URL is given and PostgreSQL otherwise', async () => {
    const clock = fixedClock(new Date('2026-01-05T09:00:00Z'));
    const pg = createRateLimiter({ db: database.db, clock });
    expect(pg.kind).toBe('postgres');
    const viaRedis = createRateLimiter({ redisUrl, db: database.db, clock });
    try {
      expect(viaRedis.kind).toBe('redis');
      const key = `pick-${crypto.randomUUID()}`;
      expect((await viaRedis.hit({ key, limit: 1, windowMs: MINUTE })).hits).toBe(1);
      const stored = `caterway:rl:${key}|${MINUTE}:${clock.now().getTime()}`;
      expect(await redis.get(stored)).toBe('1');
      await redis.del(stored);
    } finally {
      await viaRedis.close?.();
    }
  });

  it('answers 503, not a hang, when Redis is unreachable', async () => {
    const limiter = createRateLimiter({
      redisUrl: 'redis://127.0.0.1:1',
      db: database.db,
      clock: fixedClock(new Date()),
    });
    try {
      const err = await enforceRateLimits(limiter, [{ key: 'x', limit: 1, windowMs: MINUTE }]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(503);
      expect((err as AppError).message).toBe(messages.serviceUnavailable);
    } finally {
      await limiter.close?.();
    }
  });
});
