import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { messages } from '@caterway/domain';
import type { Queryable } from '../db/pool.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

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

// Old windows (and backoff rows) are dropped now and then; no rule has a window longer than a day.
const CLEANUP_EVERY = 200;
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Exponential backoff of failed attempts (sign-in; docs/decisions/029). The first `free`
 * attempts of a key pass at once; after that each attempt must wait 2^(n - free) seconds,
 * at most capSeconds, after the previous counted one, n being the attempts counted so far.
 * An attempt is counted when it is let through, before the password is checked, so parallel
 * guesses cannot all slip into one wait; a refused attempt is not counted (the wait does not
 * grow while someone keeps knocking) and a correct password takes its count back (settle).
 */
export interface BackoffRule {
  /** e.g. 'signin:acct:dana@example.com' */
  key: string;
  /** attempts let through before any wait */
  free: number;
  /** the longest wait, seconds */
  capSeconds: number;
  /** a key with no counted attempt for this long starts from nothing */
  forgetMs: number;
}

export interface BackoffResult {
  allowed: boolean;
  /** when refused: seconds until the next attempt is let through (Retry-After) */
  retryAfterSeconds: number;
}

export interface BackoffStore {
  /** Lets the attempt through (and counts it) or says how long to wait. Atomic per key. */
  attempt(rule: BackoffRule): Promise<BackoffResult>;
  /** After a correct password: 'clear' forgets the key, 'uncount' takes back one counted attempt. */
  settle(key: string, how: 'clear' | 'uncount'): Promise<void>;
}

/** Milliseconds an attempt must wait after the previous one, with `counted` attempts so far. */
export function backoffWaitMs(counted: number, rule: Pick<BackoffRule, 'free' | 'capSeconds'>): number {
  if (counted < rule.free) return 0;
  return Math.min(rule.capSeconds, 2 ** (counted - rule.free)) * 1000;
}

const refusedFor = (ms: number): BackoffResult => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
});
const LET_THROUGH: BackoffResult = { allowed: true, retryAfterSeconds: 0 };

/** PostgreSQL backoff: one row per key in sign_in_failures, claimed in one statement. */
export function createPgBackoffStore(db: Queryable, clock: Clock): BackoffStore {
  let sinceCleanup = 0;
  return {
    async attempt(rule) {
      const now = clock.now();
      const forgetBefore = new Date(now.getTime() - rule.forgetMs);
      // The row lock of ON CONFLICT makes the check and the count one step: of two parallel
      // attempts in a wait, at most one is let through.
      const { rows } = await db.query<{ failures: number }>(
        `INSERT INTO sign_in_failures AS f (key, failures, last_failure_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE
            SET failures = CASE WHEN f.last_failure_at <= $3 THEN 1 ELSE f.failures + 1 END, last_failure_at = $2
          WHERE f.last_failure_at <= $3 OR f.failures < $4
             OR f.last_failure_at + make_interval(secs => LEAST($5::float8, power(2, f.failures - $4::int))) <= $2
         RETURNING failures`,
        [rule.key, now, forgetBefore, rule.free, rule.capSeconds],
      );
      if (++sinceCleanup >= CLEANUP_EVERY) {
        sinceCleanup = 0;
        await db.query('DELETE FROM sign_in_failures WHERE last_failure_at < $1', [new Date(now.getTime() - KEEP_MS)]);
      }
      if (rows.length > 0) return LET_THROUGH;
      const { rows: held } = await db.query<{ failures: number; last_failure_at: Date }>(
        'SELECT failures, last_failure_at FROM sign_in_failures WHERE key = $1',
        [rule.key],
      );
      const row = held[0];
      if (!row) return LET_THROUGH; // cleared meanwhile
      return refusedFor(row.last_failure_at.getTime() + backoffWaitMs(row.failures, rule) - now.getTime());
    },
    async settle(key, how) {
      if (how === 'clear') await db.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
      else await db.query('UPDATE sign_in_failures SET failures = GREATEST(failures - 1, 0) WHERE key = $1', [key]);
    },
  };
}

// KEYS[1] the hash; ARGV now (ms), free, cap (s), forget (ms). Answers 0 when let through,
// otherwise the milliseconds to wait.
const REDIS_BACKOFF_SCRIPT = `
local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
local forget = tonumber(ARGV[4])
if f > 0 and now - last >= forget then f = 0 end
if f >= free then
  local waitMs = math.min(cap, 2 ^ (f - free)) * 1000
  if now < last + waitMs then return math.ceil(last + waitMs - now) end
end
redis.call('HSET', KEYS[1], 'f', f + 1, 'l', now)
redis.call('PEXPIRE', KEYS[1], forget)
return 0`;

/** Redis backoff: a hash per key (count, last attempt), claimed by one script. */
export function createRedisBackoffStore(redis: Redis, clock: Clock, options: { prefix?: string } = {}): BackoffStore {
  const prefix = `${options.prefix ?? 'caterway:rl:'}backoff:`;
  return {
    async attempt(rule) {
      const waitMs = Number(
        await redis.eval(
          REDIS_BACKOFF_SCRIPT,
          1,
          `${prefix}${rule.key}`,
          clock.now().getTime(),
          rule.free,
          rule.capSeconds,
          rule.forgetMs,
        ),
      );
      return waitMs > 0 ? refusedFor(waitMs) : LET_THROUGH;
    },
    async settle(key, how) {
      if (how === 'clear') await redis.del(`${prefix}${key}`);
      else if ((await redis.exists(`${prefix}${key}`)) === 1) await redis.hincrby(`${prefix}${key}`, 'f', -1);
    },
  };
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
export function createRedisRateLimiter(
  redis: Redis,
  clock: Clock,
  options: { prefix?: string; ownsClient?: boolean } = {},
): RateLimiter {
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

function connectRedis(
  redisUrl: string,
  log?: { warn(obj: object, msg: string): void },
  options: { failFast?: boolean } = {},
): Redis {
  // failFast: no offline queue, a command fails at once while disconnected (hot paths fall back)
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    ...(options.failFast ? { enableOfflineQueue: false } : {}),
  });
  // ioredis reconnects by itself; without a listener every failed reconnect is an unhandled 'error'.
  redis.on('error', (err: Error) => log?.warn({ err: { message: err.message } }, 'redis (rate limits) unavailable'));
  return redis;
}

/** the most addresses the in-process store of a hot-path limit keeps (least recently seen out first) */
export const HOT_PATH_MAX_KEYS = 20_000;

/**
 * A per-address limit of a hot path (search; docs/decisions/016 and 037) on @fastify/rate-limit:
 * with redisUrl its Redis store (INCR and PEXPIRE in one script, under `${prefix}rl:`), so every
 * instance counts together; otherwise its in-process store, an LRU of at most maxKeys addresses
 * (a flood of addresses can only make it forget the quietest ones). A window starts at an
 * address's first request; over the limit: 429, Retry-After (seconds to the end of that window)
 * and the domain's tooManyAttempts message. Redis away fails open: the client queues nothing and
 * a request whose count fails is let through (a search outage is worse than a minute of
 * unlimited searches), logged at warn. Returns the preHandler hook to put on the routes.
 */
export async function registerHotPathRateLimit(
  app: FastifyInstance,
  options: {
    /** the name of the counters, e.g. 'search' */
    name: string;
    max: number;
    timeWindowMs: number;
    redisUrl?: string;
    /** REDIS_KEY_PREFIX; counters live under `${prefix}rl:${name}:` */
    redisKeyPrefix?: string;
    maxKeys?: number;
  },
): Promise<preHandlerAsyncHookHandler> {
  const redis = options.redisUrl ? connectRedis(options.redisUrl, app.log, { failFast: true }) : undefined;
  if (redis) {
    app.addHook('onReady', async () => {
      // count in Redis from the first request (waits up to 2 s; a request meanwhile is let through)
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        redis.once('ready', resolve);
        setTimeout(resolve, 2_000).unref();
      });
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${options.redisKeyPrefix ?? 'caterway:'}rl:${options.name}:` } : {}),
    cache: options.maxKeys ?? HOT_PATH_MAX_KEYS,
    skipOnError: true,
    // only Retry-After, as the other limits answer; nothing on the requests within the limit
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  return app.rateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', messages.tooManyAttempts, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}

export type SharedRateLimiter = RateLimiter & { readonly backoff: BackoffStore };

/**
 * The limiter the app uses, with its backoff store: Redis when redisUrl is set, PostgreSQL
 * otherwise. The Redis client fails fast instead of queueing commands while Redis is away,
 * so a request answers 503 rather than hanging.
 */
export function createRateLimiter(options: {
  redisUrl?: string;
  /** REDIS_KEY_PREFIX; counters live under `${prefix}rl:` */
  redisKeyPrefix?: string;
  db: Queryable;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}): SharedRateLimiter {
  if (!options.redisUrl)
    return {
      ...createPgRateLimiter(options.db, options.clock),
      backoff: createPgBackoffStore(options.db, options.clock),
    };
  const redis = connectRedis(options.redisUrl, options.log);
  const prefix = `${options.redisKeyPrefix ?? 'caterway:'}rl:`;
  return {
    ...createRedisRateLimiter(redis, options.clock, { prefix, ownsClient: true }),
    backoff: createRedisBackoffStore(redis, options.clock, { prefix }),
  };
}

/**
 * A limit that cannot be checked fails closed: Redis away answers 503 with Retry-After; a
 * database error goes to the error handler, which maps an unreachable database to 503.
 */
export function limitStoreFailed(limiter: Pick<RateLimiter, 'kind'>, err: unknown): never {
  if (err instanceof AppError || limiter.kind !== 'redis') throw err;
  throw new AppError('unavailable', messages.serviceUnavailable, { headers: { 'retry-after': '5' } });
}

/**
 * Lets an attempt through the backoff of every rule (counted against each), or throws 429 with
 * Retry-After and the sign-in wait message while any must wait; the counts already taken for
 * an attempt that is refused are given back. Redis away fails closed (503), like the limits.
 */
export async function admitAttempt(
  limiter: Pick<RateLimiter, 'kind'> & { readonly backoff: BackoffStore },
  rules: BackoffRule[],
): Promise<void> {
  const taken: string[] = [];
  try {
    for (const rule of rules) {
      const r = await limiter.backoff.attempt(rule);
      if (!r.allowed) {
        for (const key of taken) await limiter.backoff.settle(key, 'uncount');
        const wait = r.retryAfterSeconds;
        throw new AppError('too_many_requests', messages.signInBackoff(wait), {
          headers: { 'retry-after': String(wait) },
        });
      }
      taken.push(rule.key);
    }
  } catch (err) {
    limitStoreFailed(limiter, err);
  }
}

/** Counts the attempt against every rule; throws 429 with Retry-After when any is over its limit. */
export async function enforceRateLimits(limiter: RateLimiter, rules: RateLimitRule[]): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    let r: RateLimitResult;
    try {
      r = await limiter.hit(rule);
    } catch (err) {
      limitStoreFailed(limiter, err);
    }
    if (!r.allowed) retryAfter = Math.max(retryAfter, r.retryAfterSeconds);
  }
  if (retryAfter > 0) {
    throw new AppError('too_many_requests', messages.tooManyAttempts, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
