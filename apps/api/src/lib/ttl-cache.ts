// A small in-process cache of values that may be up to `ttlMs` old (docs/decisions/018): bounded
// (least recently used go first), and a miss is loaded once however many requests ask for the
// key meanwhile (they share the load's promise). A failed load is forgotten at once; a value
// `keep` refuses (a not-found, a user's own row) is answered but not kept.

export interface TtlCacheOptions<V> {
  /** how long a value is served from memory (ms) */
  ttlMs: number;
  /** most values kept */
  maxEntries: number;
  /** whether a loaded value may be kept (default: every value) */
  keep?: (value: V) => boolean;
  now?: () => number;
}

export function createTtlCache<K, V>(options: TtlCacheOptions<V>) {
  const now = options.now ?? Date.now;
  // Map iteration order is insertion order: re-inserting on a hit makes it an LRU
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  const forget = (key: K, value: Promise<V>) => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };

  return {
    /** The value of `key`: from memory when younger than the TTL, else from `load` (kept when `keep` allows). */
    get(key: K, load: () => Promise<V>): Promise<V> {
      const t = now();
      const hit = entries.get(key);
      if (hit && t - hit.at < options.ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { at: t, value });
      value.then(
        (v) => {
          if (options.keep && !options.keep(v)) forget(key, value);
        },
        () => forget(key, value),
      );
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
