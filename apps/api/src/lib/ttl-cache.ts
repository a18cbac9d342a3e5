// A small in-process cache of values that may be up to `ttlMs` old (docs/decisions/018): bounded
// (least recently used go first), and a miss is loaded once however many requests ask for the
// key meanwhile (they share the load's promise). A failed load is forgotten at once; a value
// `keep` refuses (a not-found, a user's own row) is answered but not kept.
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

interface Entry<V> {
  at: number;
  value: Promise<V>;
  /** a background reload in flight */
  next?: Promise<V>;
}

export function createTtlCache<K, V>(options: TtlCacheOptions<V>) {
  const now = options.now ?? Date.now;
  // Map iteration order is insertion order: re-inserting on a hit makes it an LRU
  const entries = new Map<K, Entry<V>>();

  function put(key: K, entry: Entry<V>) {
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries) break;
      entries.delete(oldest);
    }
  }

  /** Loads the key; a miss is entered at once (shared), a refresh replaces `stale` when it succeeds. */
  function start(key: K, load: () => Promise<V>, at: number, stale?: Entry<V>): Promise<V> {
    const value = load();
    if (stale) stale.next = value;
    else put(key, { at, value });
    value.then(
      (v) => {
        const current = entries.get(key);
        if (!current || (current.value !== value && current !== stale)) return;
        if (options.keep && !options.keep(v)) entries.delete(key);
        else if (current === stale) put(key, { at, value });
      },
      () => {
        const current = entries.get(key);
        if (current?.value === value) entries.delete(key);
        else if (current?.next === value) current.next = undefined;
      },
    );
    return value;
  }

  return {
    /** The value of `key`: from memory when younger than the TTL, else from `load` (kept when `keep` allows). */
    get(key: K, load: () => Promise<V>): Promise<V> {
      const t = now();
      const hit = entries.get(key);
      if (hit && t - hit.at < options.ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        if (!hit.next && t - hit.at >= options.ttlMs * REFRESH_AT) start(key, load, t, hit).catch(() => undefined);
        return hit.value;
      }
      if (hit?.next) return hit.next; // expired while its reload runs: wait for the reload
      return start(key, load, t);
    },
    get size() {
      return entries.size;
    },
  };
}
export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
