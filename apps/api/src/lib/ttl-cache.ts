import { LRUCache } from 'lru-cache';

// A small in-process cache of values that may be up to `ttlMs` old (docs/decisions/018), on
// lru-cache: bounded (least recently used go first), and a miss is loaded once however many
// requests ask for the key meanwhile (they share the load's promise). A failed load is forgotten
// at once; a value `keep` refuses (a not-found, a user's own row) is answered but not kept.
// Refresh ahead: a value asked for in the last fifth of its TTL is reloaded in the background
// while it is still served, so a page in use never waits for its reload (and pages filled
// together do not all miss together); no value is ever served older than the TTL.
// A catalogue change (decision 056) forgets values at once: forget/forgetWhere/clear drop them,
// and a load that was running meanwhile still answers its callers but is not kept (it may have
// read the rows before the change). refresh() reloads a value while the old one is still served.

export interface TtlCacheOptions<V> {
  /** how long a value is served from memory (ms) */
  ttlMs: number;
  /** most values kept */
  maxEntries: number;
  /** whether a loaded value may be kept (default: every value) */
  keep?: (value: V) => boolean;
  now?: () => number;
}

/** the share of the TTL after which a hit starts a background reload */
const REFRESH_AT = 0.8;

/** lru-cache keeps no undefined values, and a refused value must still reach its callers */
interface Box<V> {
  value: V;
  kept: boolean;
  /** the refresh count when its load started (refresh() waits for a load started after it was asked) */
  epoch: number;
}

/**
 * lru-cache's clock: a start time of 0 means "no TTL" to it, so an injected clock (tests start
 * at 0) is moved by 1 ms; `ttlResolution: 0` reads the clock on each call instead of caching it
 * behind a timer.
 */
export function lruClock(
  now?: () => number,
): Pick<LRUCache.Options<object, object, unknown>, 'perf' | 'ttlResolution'> {
  return { ttlResolution: 0, ...(now && { perf: { now: () => now() + 1 } }) };
}

export function createTtlCache<K extends NonNullable<unknown>, V>(options: TtlCacheOptions<V>) {
  const keep = options.keep ?? (() => true);
  /** the TTL left when a hit starts a background reload (not ttlMs * 0.2: 1 - 0.8 < 0.2) */
  const refreshWhenLeft = options.ttlMs - options.ttlMs * REFRESH_AT;
  /** bumped by every forget: a load started before it is not kept */
  let generation = 0;
  /** bumped by every refresh: its load must start after it */
  let epoch = 0;
  const cache = new LRUCache<K, Box<V>, () => Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ...lruClock(options.now),
    fetchMethod: async (_key, _stale, { context: load }) => {
      const started = { generation, epoch };
      const value = await load();
      return { value, kept: keep(value) && started.generation === generation, epoch: started.epoch };
    },
    // a failed refresh leaves the value it was refreshing (a failed miss is forgotten)
    noDeleteOnFetchRejection: true,
    // a load whose entry was evicted meanwhile still answers the requests waiting for it
    ignoreFetchAbort: true,
  });

  return {
    /** The value of `key`: from memory when at most the TTL old, else from `load` (kept when `keep` allows). */
    async get(key: K, load: () => Promise<V>): Promise<V> {
      const left = cache.getRemainingTTL(key);
      const held = cache.peek(key, { allowStale: true });
      // a refused value is never served again; an expired one waits for its (running) reload
      const serve = left > 0 && held?.kept === true;
      const box = await cache.fetch(key, {
        context: load,
        allowStale: serve,
        forceRefresh: held?.kept === false || (serve && left <= refreshWhenLeft),
      });
      if (!box!.kept && cache.peek(key) === box) cache.delete(key);
      return box!.value;
    },
    /** Drops the value of `key` (and keeps no load of any key that was running). */
    forget(key: K): void {
      generation++;
      cache.delete(key);
    },
    /** Drops every value `test` picks (and keeps no load that was running). */
    forgetWhere(test: (value: V, key: K) => boolean): void {
      generation++;
      const doomed: K[] = [];
      for (const [key, box] of cache.entries()) if (test(box.value, key)) doomed.push(key);
      for (const key of doomed) cache.delete(key);
    },
    /** Drops every value (and keeps no load that was running). */
    clear(): void {
      generation++;
      cache.clear();
    },
    /**
     * Reloads `key` with a load that starts after this call, while the value held is still
     * served; resolves once the new value is in (or refused: then the key is empty).
     */
    async refresh(key: K, load: () => Promise<V>): Promise<void> {
      const wanted = ++epoch;
      for (;;) {
        // a load already running (started before this call) is awaited, then another one runs
        const box = await cache.fetch(key, { context: load, forceRefresh: true });
        if (!box!.kept && cache.peek(key) === box) cache.delete(key);
        if (box!.epoch >= wanted || !box!.kept) return;
      }
    },
    get size() {
      return cache.size;
    },
  };
}
export type TtlCache<K extends NonNullable<unknown>, V> = ReturnType<typeof createTtlCache<K, V>>;
