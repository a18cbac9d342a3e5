import { Redis } from 'ioredis';
import type { Queryable } from '../db/pool.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import { messages } from '@caterway/domain';

// Fixed-window rate limiting (ARCHITECTURE.md, "Scaling past one machine": counters live in
// PostgreSQL by default and in Redis when REDIS_URL is set, so every API process shares them).
// A window is [floor(now / window) * window, + window); its counter starts at 0 and the
// request that takes it past the limit, and every one after it, is refused until the window ends.

export interface RateLimitRule {
  /** counter name, e.g. 'signin:acct:dana@example.com' */
  key: string;
  /** attempts allowed in one window */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** attempts counted in this window, including this one */
  hits: number;
  /** seconds until the window ends (what Retry-After says when refused) */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly kind: 'postgres' | 'redis' | 'memory';
  /** Counts one attempt and says whether it is within the limit. */
  hit(rule: RateLimitRule): Promise<RateLimitResult>;
  /** resolves once the shared store answers, or after a short wait (the hot-path limiter) */
  ready?(): Promise<void>;
  close?(): Promise<void>;
}

function windowOf(now: Date, windowMs: number): { start: number; end: number } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/** The same name with two window lengths is two counters. */
function storedKey(key: string, windowMs: number): string {
  return `${key}|${windowMs}`;
}

function result(hits: number, limit: number, now: Date, end: number): RateLimitResult {
  return { allowed: hits <= limit, hits, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}

// Old windows are dropped now and then; no rule has a window longer than a day.
const CLEANUP_EVERY = 200;
const KEEP_MS = 24 * 60 * 60 * 1000;

/** PostgreSQL adapter: one row per key and window in rate_limit_hits, counted atomically. */
export function createPgRateLimiter(db: Queryable, clock: Clock): RateLimiter {
  let sinceCleanup = 0;
  return {
    kind: 'postgres',
    async hit({ key, limit, windowMs }) {
      const now = clock.now();
      const { start, end } = windowOf(now, windowMs);
      const { rows } = await db.query<{ hits: number }>(
        `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
         RETURNING hits`,
        [storedKey(key, windowMs), new Date(start)],
      );
      if (++sinceCleanup >= CLEANUP_EVERY) {
        sinceCleanup = 0;
        await db.query('DELETE FROM rate_limit_hits WHERE window_start < $1', [new Date(now.getTime() - KEEP_MS)]);
      }
      return result(rows[0]!.hits, limit, now, end);
    },
  };
}

/** Redis adapter: INCR on a key named after the window, which expires when the window ends. */
export function createRedisRateLimiter(redis: Redis, clock: Clock, options: { prefix?: string; ownsClient?: boolean } = {}): RateLimiter {
  const prefix = options.prefix ?? 'caterway:rl:';
  return {
    kind: 'redis',
    async hit({ key, limit, windowMs }) {
      const now = clock.now();
      const { start, end } = windowOf(now, windowMs);
      const redisKey = `${prefix}${storedKey(key, windowMs)}:${start}`;
      // A second of slack keeps the key alive past the window even if clocks drift a little.
      const ttl = Math.max(1, end - now.getTime()) + 1000;
      const replies = await redis.multi().incr(redisKey).pexpire(redisKey, ttl).exec();
      const [err, hits] = replies?.[0] ?? [new Error('rate limit: empty reply from Redis'), 0];
      if (err) throw err;
      return result(Number(hits), limit, now, end);
    },
    async close() {
      if (options.ownsClient) await redis.quit().catch(() => undefined);
    },
  };
}

/**
 * In-process adapter for hot paths (search) where a database write per request costs too much
 * (docs/decisions/016). Fixed windows like the others; at most maxKeys counters are kept: when
 * full, the least recently hit goes first (ended windows are dropped as hits pass them). A flood of distinct
 * addresses can therefore only make the limiter forget (never refuse) the quietest ones.
 * Per process: several instances share counters only through Redis.
 */
export function createMemoryRateLimiter(clock: Clock, options: { maxKeys?: number } = {}): RateLimiter & { readonly size: number } {
  const maxKeys = options.maxKeys ?? 20_000;
  const counters = new Map<string, { end: number; hits: number }>();
  return {
    kind: 'memory',
    async hit({ key, limit, windowMs }) {
      const now = clock.now();
      const { end } = windowOf(now, windowMs);
      const k = storedKey(key, windowMs);
      const c = counters.get(k);
      counters.delete(k);
      const hits = c && c.end === end ? c.hits + 1 : 1;
      // Map order is insertion order and every hit re-inserts, so the first entries are the least
      // recently hit: drop a couple of ended ones per hit (the map shrinks after a flood), and the
      // first one whatever its state while full. O(1) per hit.
      for (let i = 0; i < 2; i++) {
        const first = counters.entries().next();
        if (first.done || (first.value[1].end > now.getTime() && counters.size < maxKeys)) break;
        counters.delete(first.value[0]);
      }
      counters.set(k, { end, hits });
      return result(hits, limit, now, end);
    },
    get size() {
      return counters.size;
    },
  };
}

function connectRedis(redisUrl: string, log?: { warn(obj: object, msg: string): void }, options: { failFast?: boolean } = {}): Redis {
  // failFast: no offline queue, a command fails at once while disconnected (hot paths fall back)
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, ...(options.failFast ? { enableOfflineQueue: false } : {}) });
  // ioredis reconnects by itself; without a listener every failed reconnect is an unhandled 'error'.
  redis.on('error', (err: Error) => log?.warn({ err: { message: err.message } }, 'redis (rate limits) unavailable'));
  return redis;
}

/**
 * Per-address limiter of hot paths: Redis when redisUrl is set (every instance counts together),
 * a bounded in-process counter map otherwise (no database write per request). While Redis does
 * not answer, it counts in the process instead: search stays up, limited per instance.
 */
export function createHotPathRateLimiter(options: { redisUrl?: string; redisKeyPrefix?: string; clock: Clock; maxKeys?: number; log?: { warn(obj: object, msg: string): void } }): RateLimiter {
  const memory = createMemoryRateLimiter(options.clock, { maxKeys: options.maxKeys });
  if (!options.redisUrl) return memory;
  const redis = connectRedis(options.redisUrl, options.log, { failFast: true });
  const shared = createRedisRateLimiter(redis, options.clock, { prefix: `${options.redisKeyPrefix ?? 'caterway:'}rl:`, ownsClient: true });
  return {
    ready: () =>
      new Promise<void>((resolve) => {
        if (redis.status === 'ready') return resolve();
        redis.once('ready', () => resolve());
        setTimeout(resolve, 2_000).unref();
      }),
    kind: 'redis',
    async hit(rule) {
      try {
        return await shared.hit(rule);
      } catch {
        return memory.hit(rule);
      }
    },
    close: () => shared.close!(),
  };
}

/**
 * The limiter the app uses: Redis when redisUrl is set, PostgreSQL otherwise. The Redis
 * client fails fast instead of queueing commands while Redis is away, so a request
 * answers 503 rather than hanging.
 */
export function createRateLimiter(options: {
  redisUrl?: string;
  /** REDIS_KEY_PREFIX; counters live under `${prefix}rl:` */
  redisKeyPrefix?: string;
  db: Queryable;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}): RateLimiter {
  if (!options.redisUrl) return createPgRateLimiter(options.db, options.clock);
  return createRedisRateLimiter(connectRedis(options.redisUrl, options.log), options.clock, { prefix: `${options.redisKeyPrefix ?? 'caterway:'}rl:`, ownsClient: true });
}

/** Counts the attempt against every rule; throws 429 with Retry-After when any is over its limit. */
export async function enforceRateLimits(limiter: RateLimiter, rules: RateLimitRule[]): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    let r: RateLimitResult;
    try {
      r = await limiter.hit(rule);
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (limiter.kind !== 'redis') throw err; // the error handler maps an unreachable database to 503
      throw new AppError('unavailable', messages.serviceUnavailable, { headers: { 'retry-after': '5' } });
    }
    if (!r.allowed) retryAfter = Math.max(retryAfter, r.retryAfterSeconds);
  }
  if (retryAfter > 0) {
    throw new AppError('too_many_requests', messages.tooManyAttempts, { headers: { 'retry-after': String(retryAfter) } });
  }
}
