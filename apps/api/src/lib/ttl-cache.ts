import { LRUCache } from 'lru-cache';

// A small in-process cache of values that may be up to `ttlMs` old (docs/decisions/018), on
// lru-cache: bounded (least recently used go first), and a miss is loaded once however many
// requests ask for the key meanwhile (they share the load's promise). A failed load is forgotten
// at once; a value `keep` refuses (a not-found, a user's own row) is answered but not kept.
// Refresh ahead: a value asked for in the last fifth of its TTL is reloaded in the background
// while it is still served, so a page in use never waits for its reload (and pages filled
// together do not all miss together); no value is ever served older than the TTL.

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
  const cache = new LRUCache<K, Box<V>, () => Promise<V>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ...lruClock(options.now),
    fetchMethod: async (_key, _stale, { context: load }) => {
      const value = await load();
      return { value, kept: keep(value) };
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
    get size() {
      return cache.size;
    },
  };
}
export type TtlCache<K extends NonNullable<unknown>, V> = ReturnType<typeof createTtlCache<K, V>>;
