import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.js';
import { announceThrough } from '../../lib/announcers.js';
import type { AppDeps } from '../../lib/deps.js';
import { appPgListener, type PgListener } from '../../lib/pg-listener.js';
import { createRedisBus } from '../../lib/redis-pubsub.js';
import { CATALOGUE_CHANNEL, createCatalogueChangesService } from './catalogue-changes.service.js';

// The receiving side of catalogue changes (issue 19 part 4, decision 056). Every write of a
// restaurant's catalogue bumps its version and sends NOTIFY catalogue_changed '<chef id>' at
// commit (decision 051). Each API process hears it on its one LISTEN connection
// (lib/pg-listener.ts) and tells every cache of catalogue data in the process which restaurants
// changed and which presets they are in; each cache drops (or rebuilds) what they reach. After a
// reconnect (notifications may have been missed) every cache drops everything. A periodic check
// compares catalogue_versions with the versions this process saw and treats any difference as
// a change: the safety net for a notification that never arrived. With REDIS_URL set the
// changes travel on Redis pub/sub instead (decision 069): the writers publish each restaurant's
// id once their transaction commits, and every process subscribes there; the NOTIFY is still
// sent, and the periodic check covers a publish lost to a process that died between its commit
// and the publish.

export interface CatalogueChange {
  /** the restaurants whose catalogue changed */
  chefIds: readonly number[];
  /** the presets they are in now (preset_chefs) */
  presetIds: ReadonlySet<number>;
}

/** A cache of catalogue data in this process, as the sync sees it. */
export interface CatalogueCache {
  name: string;
  /** drops (or rebuilds) what the change reaches; resolves when reads no longer see the old rows */
  forget(change: CatalogueChange): void | Promise<void>;
  /** drops everything (after a reconnect, or when the change could not be resolved) */
  forgetAll(): void | Promise<void>;
}

export interface CatalogueSyncStats {
  /** restaurants' changes handled (notified or found by the check) */
  changes: number;
  /** times every cache dropped everything */
  everything: number;
  /** periodic checks run, and the restaurants they found changed without a notification */
  checks: number;
  missed: number;
  /** flushes of notified or found changes, and how long they took from the flush to every cache done (ms) */
  flushes: number;
  lastFlushMs: number;
  maxFlushMs: number;
  totalFlushMs: number;
}

export interface CatalogueSyncOptions {
  db: Db;
  listener: PgListener;
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** how often the versions are compared (ms) */
  checkEveryMs: number;
}

export function createCatalogueSync(options: CatalogueSyncOptions) {
  const { listener, log } = options;
  const changes = createCatalogueChangesService(options.db);
  const caches: CatalogueCache[] = [];
  /** the version of each restaurant this process last handled */
  const seen = new Map<number, number>();
  let pending = new Set<number>();
  let everything = false;
  let scheduled = false;
  let queue: Promise<void> = Promise.resolve();
  let subscribed: (() => void) | undefined;
  let baseline = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const stats: CatalogueSyncStats = {
    changes: 0,
    everything: 0,
    checks: 0,
    missed: 0,
    flushes: 0,
    lastFlushMs: 0,
    maxFlushMs: 0,
    totalFlushMs: 0,
  };

  function heard(payload: string | null): void {
    const id = payload === null ? Number.NaN : Number(payload);
    if (Number.isSafeInteger(id) && id > 0) pending.add(id);
    else everything = true; // a reconnect (null), or a payload that names no restaurant
    void schedule();
  }

  /** One flush at a time, in order; notifications heard meanwhile are handled together by the next. */
  function schedule(): Promise<void> {
    if (!scheduled && !closed) {
      scheduled = true;
      queue = queue.then(() => {
        scheduled = false;
        return flush();
      });
    }
    return queue;
  }

  async function flush(): Promise<void> {
    const all = everything;
    const chefIds = [...pending].sort((a, b) => a - b);
    everything = false;
    pending = new Set();
    if (all) return forgetAll();
    if (chefIds.length === 0) return;
    const started = performance.now();
    let reach: Awaited<ReturnType<typeof changes.reachOf>>;
    try {
      reach = await changes.reachOf(chefIds);
    } catch (err) {
      log.error({ err, chefIds }, 'catalogue change not resolved; dropping every cached catalogue row');
      return forgetAll();
    }
    for (const [chef, version] of reach.versions) seen.set(chef, Math.max(seen.get(chef) ?? 0, version));
    const change: CatalogueChange = { chefIds, presetIds: new Set(reach.presetIds) };
    await Promise.all(
      caches.map(async (cache) => {
        try {
          await cache.forget(change);
        } catch (err) {
          log.error({ err, cache: cache.name, chefIds }, 'catalogue cache not updated; dropping it whole');
          await dropAll(cache);
        }
      }),
    );
    stats.changes += chefIds.length;
    stats.flushes++;
    stats.lastFlushMs = performance.now() - started;
    stats.maxFlushMs = Math.max(stats.maxFlushMs, stats.lastFlushMs);
    stats.totalFlushMs += stats.lastFlushMs;
  }

  async function dropAll(cache: CatalogueCache): Promise<void> {
    try {
      await cache.forgetAll();
    } catch (err) {
      log.error({ err, cache: cache.name }, 'catalogue cache not dropped');
    }
  }

  async function forgetAll(): Promise<void> {
    // the versions first: a change committed after this read is notified (or found by the next check)
    try {
      const versions = await changes.versions();
      seen.clear();
      for (const [chef, version] of versions) seen.set(chef, version);
      baseline = true;
    } catch (err) {
      baseline = false; // the next check reads them again, and drops everything again
      log.warn({ err }, 'catalogue versions not read');
    }
    await Promise.all(caches.map(dropAll));
    stats.everything++;
  }

  /** Subscribes (again, if that failed) and reads the versions this process starts from. */
  async function connect(): Promise<void> {
    // not the first attempt: caches may hold rows read while nothing was heard
    const dropped = attempts++ > 0;
    subscribed ??= await listener.subscribe(CATALOGUE_CHANNEL, heard);
    if (!baseline) {
      const versions = await changes.versions();
      seen.clear();
      for (const [chef, version] of versions) seen.set(chef, version);
      baseline = true;
      if (dropped) {
        everything = true;
        await schedule();
      }
    }
  }

  async function check(): Promise<number[]> {
    if (closed) return [];
    if (!subscribed || !baseline) {
      await connect();
      return [];
    }
    stats.checks++;
    const versions = await changes.versions();
    const changed = [...versions].filter(([chef, version]) => (seen.get(chef) ?? 0) < version).map(([chef]) => chef);
    if (changed.length) {
      stats.missed += changed.length;
      for (const chef of changed) pending.add(chef);
      await schedule();
    }
    return changed;
  }

  return {
    /** Adds a cache to tell of changes. */
    register(cache: CatalogueCache): void {
      caches.push(cache);
    },
    /** Listens and starts the periodic check; never throws (a failure is retried by the check). */
    async start(): Promise<void> {
      if (closed || timer) return;
      timer = setInterval(() => {
        check().catch((err: unknown) => log.warn({ err }, 'catalogue version check failed'));
      }, options.checkEveryMs);
      timer.unref();
      await connect().catch((err: unknown) => log.warn({ err }, 'catalogue changes not listened to yet'));
    },
    /** The periodic check now: the restaurants it found changed without a notification. */
    check,
    /** Resolves when every change heard so far is handled. */
    settled: (): Promise<void> => queue,
    /**
     * This process changed these restaurants: what it holds of them is dropped now, without
     * waiting for the notification (which tells the other instances, and this one again).
     */
    changedHere(chefIds: readonly number[]): Promise<void> {
      for (const id of chefIds) pending.add(id);
      return schedule();
    },
    stats: (): Readonly<CatalogueSyncStats> => ({ ...stats }),
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      subscribed?.();
      subscribed = undefined;
      await queue;
    },
  };
}
export type CatalogueSync = ReturnType<typeof createCatalogueSync>;

const perApp = new WeakMap<object, CatalogueSync>();

/** the routes that write a restaurant's catalogue, named by its id: the portal's and operations' */
const CATALOGUE_WRITERS = /^\/api\/v2\/(partner|ops)\/restaurants\/\d+\//;

/** The app's catalogue sync's figures, if it has one (the benchmarks print them). */
export const catalogueSyncStatsOf = (app: FastifyInstance) => perApp.get(app)?.stats();

/**
 * The app's catalogue sync: modules holding catalogue data register their caches with it while
 * they are registered; it listens once the app is ready and stops when the app closes.
 */
export function catalogueSyncOf(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>): CatalogueSync {
  let sync = perApp.get(app);
  if (!sync) {
    let listener: PgListener;
    if (deps.config.redisUrl) {
      const bus = createRedisBus(deps.config.redisUrl, { prefix: `${deps.config.redisKeyPrefix}bus:`, log: app.log });
      const unannounce = announceThrough(deps.db, bus.publish);
      app.addHook('onClose', async () => {
        unannounce();
        await bus.close();
      });
      listener = bus;
    } else {
      listener = appPgListener(app, deps.db);
    }
    const created = createCatalogueSync({
      db: deps.db,
      listener,
      log: app.log,
      checkEveryMs: deps.config.catalogueCheckMs,
    });
    perApp.set(app, created);
    app.addHook('onReady', async () => {
      await created.start();
    });
    app.addHook('preClose', async () => {
      await created.close();
    });
    // read your own writes: a restaurant's page answers a change to it only once this instance
    // has dropped what it held of that restaurant (a reload right after shows the change)
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD') return payload;
      const chefId = Number((request.params as { chefId?: string } | undefined)?.chefId);
      if (Number.isSafeInteger(chefId) && chefId > 0 && CATALOGUE_WRITERS.test(request.url)) {
        await created.changedHere([chefId]).catch((err: unknown) => app.log.warn({ err }, 'catalogue not refreshed'));
      }
      return payload;
    });
    sync = created;
  }
  return sync;
}
