import { LRUCache } from 'lru-cache';
import { lruClock } from '../../lib/ttl-cache.js';
import type { CardRow } from './presets.repository.js';

// Catalogue cards of listings and search, kept for a short time (docs/decisions/007-search-speed.md).
// A card row is catalogue data only (preset, its chefs, tags and cart total): availability,
// distance and everything else that depends on the visitor's address, date and time is
// computed from it per request by presets.mappers.ts, so a cached row answers every visitor.
// A restaurant's catalogue change drops the rows of its presets on every instance (forget, called
// by the catalogue sync: decision 056); the TTL stays as the last safety net. A load that was
// running across a forget answers its request but is not kept. The user's saved carts read the
// database directly.

export interface CardCacheOptions {
  /** how long a row is served from memory (ms) */
  ttlMs: number;
  /** most rows kept; the least recently used go first */
  maxRows: number;
  now?: () => number;
}

export const CARD_CACHE_DEFAULTS: CardCacheOptions = { ttlMs: 60_000, maxRows: 20_000 };

export function createCardCache(
  load: (ids: readonly number[]) => Promise<CardRow[]>,
  options: CardCacheOptions = CARD_CACHE_DEFAULTS,
) {
  const rows = new LRUCache<number, CardRow>({ max: options.maxRows, ttl: options.ttlMs, ...lruClock(options.now) });
  /** bumped by every forget: rows loaded across it are not kept */
  let generation = 0;

  return {
    /** Card rows for the given ids, in the order of the ids (unknown ids left out), like cardsByIds. */
    async cardsByIds(ids: readonly number[]): Promise<CardRow[]> {
      const found = new Map<number, CardRow>();
      for (const id of ids) {
        const hit = rows.get(id);
        if (hit) found.set(id, hit);
      }
      const missing = [...new Set(ids.filter((id) => !found.has(id)))];
      if (missing.length) {
        const started = generation;
        for (const row of await load(missing)) {
          found.set(row.id, row);
          if (started === generation) rows.set(row.id, row);
        }
      }
      return ids.map((id) => found.get(id)).filter((r): r is CardRow => !!r);
    },
    /** Drops the rows of these presets and of any preset with one of these restaurants (a catalogue change). */
    forget(change: { chefIds: readonly number[]; presetIds: ReadonlySet<number> }): void {
      generation++;
      const chefs = new Set(change.chefIds);
      const doomed = new Set(change.presetIds);
      for (const [id, row] of rows.entries()) if (row.chefs.some((c) => chefs.has(c.id))) doomed.add(id);
      for (const id of doomed) rows.delete(id);
    },
    /** Drops every row. */
    clear(): void {
      generation++;
      rows.clear();
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
