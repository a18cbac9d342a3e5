import type { CardRow } from './presets.repository.js';

// Catalogue cards of listings and search, kept for a short time (docs/decisions/007-search-speed.md).
// A card row is catalogue data only (preset, its chefs, tags and cart total): availability,
// distance and everything else that depends on the visitor's address, date and time is
// computed from it per request by presets.mappers.ts, so a cached row answers every visitor.
// The catalogue changes with an admin or vendor edit; such an edit shows in listings after at
// most the TTL. Detail pages and the user's saved carts read the database directly.

export interface CardCacheOptions {
  /** how long a row is served from memory (ms) */
  ttlMs: number;
  /** most rows kept; the least recently used go first */
  maxRows: number;
  now?: () => number;
}

export const CARD_CACHE_DEFAULTS: CardCacheOptions = { ttlMs: 60_000, maxRows: 20_000 };

export function createCardCache(load: (ids: readonly number[]) => Promise<CardRow[]>, options: CardCacheOptions = CARD_CACHE_DEFAULTS) {
  const now = options.now ?? Date.now;
  // Map iteration order is insertion order: re-inserting on a hit makes it an LRU
  const rows = new Map<number, { at: number; row: CardRow }>();

  return {
    /** Card rows for the given ids, in the order of the ids (unknown ids left out), like cardsByIds. */
    async cardsByIds(ids: readonly number[]): Promise<CardRow[]> {
      const t = now();
      const found = new Map<number, CardRow>();
      const missing: number[] = [];
      for (const id of ids) {
        const hit = rows.get(id);
        if (hit && t - hit.at < options.ttlMs) {
          rows.delete(id);
          rows.set(id, hit);
          found.set(id, hit.row);
        } else if (!found.has(id)) {
          missing.push(id);
        }
      }
      if (missing.length) {
        for (const row of await load([...new Set(missing)])) {
          found.set(row.id, row);
          rows.delete(row.id);
          rows.set(row.id, { at: t, row });
        }
        for (const key of rows.keys()) {
          if (rows.size <= options.maxRows) break;
          rows.delete(key);
        }
      }
      return ids.map((id) => found.get(id)).filter((r): r is CardRow => !!r);
    },
    get size() {
      return rows.size;
    },
  };
}
export type CardCache = ReturnType<typeof createCardCache>;

const shared = new WeakMap<object, CardCache>();

/**
 * The card cache of an app (one per database pool): search and the home lists read the same
 * rows, so they share one LRU and its memory bound (~2.7 KB a row: 20,000 rows ~55 MB).
 */
export function sharedCardCache(db: object, load: (ids: readonly number[]) => Promise<CardRow[]>): CardCache {
  let cache = shared.get(db);
  if (!cache) {
    cache = createCardCache(load);
    shared.set(db, cache);
  }
  return cache;
}
