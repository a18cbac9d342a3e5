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
  readonly kind: 'postgres' | 'redis';
  /** Counts one attempt and says whether it is within the limit. */
  hit(rule: RateLimitRule): Promise<RateLimitResult>;
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
 * The limiter the app uses: Redis when redisUrl is set, PostgreSQL otherwise. The Redis
 * client fails fast instead of queueing commands while Redis is away, so a request
 * answers 503 rather than hanging.
 */
export function createRateLimiter(options: {
  redisUrl?: string;
  db: Queryable;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}): RateLimiter {
  if (!options.redisUrl) return createPgRateLimiter(options.db, options.clock);
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  // ioredis reconnects by itself; without a listener every failed reconnect is an unhandled 'error'.
  redis.on('error', (err: Error) => options.log?.warn({ err: { message: err.message } }, 'redis (rate limits) unavailable'));
  return createRedisRateLimiter(redis, options.clock, { ownsClient: true });
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
      if (limiter.kind === 'postgres') throw err; // the error handler maps an unreachable database to 503
      throw new AppError('unavailable', messages.serviceUnavailable, { headers: { 'retry-after': '5' } });
    }
    if (!r.allowed) retryAfter = Math.max(retryAfter, r.retryAfterSeconds);
  }
  if (retryAfter > 0) {
    throw new AppError('too_many_requests', messages.tooManyAttempts, { headers: { 'retry-after': String(retryAfter) } });
  }
}
