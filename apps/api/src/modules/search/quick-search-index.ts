import type { GeoPoint } from '../presets/presets.repository.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { chordOf, earthPoint, CATERING_INDEX_TTL_MS } from './catering-index.js';

// The navigation search (`api/v2/search/elastic_search`) from memory (docs/decisions/023):
// the positions of the active restaurants, and per query text the restaurants it matches with
// their relevance, both read from PostgreSQL at most 60 s ago. A request then keeps the
// QUICK_SEARCH_POOL nearest matches (within the radius when given) and orders them by relevance,
// then distance, then id: what the SQL of search.repository did per request (~3-4 ms of
// database time for a common word) now costs one read per query text a minute.

/** How many nearest matches are ranked by relevance. */
export const QUICK_SEARCH_POOL = 100;
/** Match sets kept per snapshot, and the restaurants they may hold together (~8 bytes each). */
export const QUICK_MATCH_SETS = 2_000;
export const QUICK_MATCHES_KEPT = 1_000_000;

export interface QuickIndexRow {
  id: number;
  x: number | null;
  y: number | null;
  z: number | null;
}

/** A restaurant matching a query, with its relevance rounded to 2 decimals, times 100. */
export interface QuickMatch {
  id: number;
  score100: number;
}

export interface QuickSnapshot {
  size: number;
  /** positions and scores of the matches in this snapshot (restaurants not in it left out) */
  prepare(matches: readonly QuickMatch[]): PreparedMatches;
  /** the ids of the limit best of the pool nearest to point (within radiusKm when not null) */
  rank(matches: PreparedMatches, point: GeoPoint, radiusKm: number | null, limit: number): number[];
}

export interface PreparedMatches {
  positions: Uint32Array;
  scores: Int32Array;
}

export function buildQuickSnapshot(rows: readonly QuickIndexRow[]): QuickSnapshot {
  const n = rows.length;
  const ids = new Float64Array(n);
  const xyz = new Float64Array(3 * n);
  const positionOf = new Map<number, number>();
  for (const [i, row] of rows.entries()) {
    ids[i] = row.id;
    positionOf.set(row.id, i);
    xyz[3 * i] = row.x ?? NaN;
    xyz[3 * i + 1] = row.y ?? NaN;
    xyz[3 * i + 2] = row.z ?? NaN;
  }
  return {
    size: n,
    prepare(matches) {
      const positions = new Uint32Array(matches.length);
      const scores = new Int32Array(matches.length);
      let k = 0;
      for (const m of matches) {
        const p = positionOf.get(m.id);
        if (p === undefined) continue;
        positions[k] = p;
        scores[k++] = m.score100;
      }
      return { positions: positions.subarray(0, k), scores: scores.subarray(0, k) };
    },
    rank({ positions, scores }, point, radiusKm, limit) {
      const [px, py, pz] = earthPoint(point);
      const within = radiusKm === null ? Infinity : chordOf(radiusKm * 1000);
      const pool: { chord: number; score: number; id: number }[] = [];
      for (let k = 0; k < positions.length; k++) {
        const i = positions[k]!;
        const dx = xyz[3 * i]! - px;
        const dy = xyz[3 * i + 1]! - py;
        const dz = xyz[3 * i + 2]! - pz;
        // no location: never within a radius; without one, after every located match (NULLS LAST)
        const chord = Number.isNaN(dx) ? Infinity : Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (radiusKm !== null && !(chord <= within)) continue;
        pool.push({ chord, score: scores[k]!, id: ids[i]! });
      }
      // the pool: the nearest first (equal distances by id), at most QUICK_SEARCH_POOL
      pool.sort((a, b) => a.chord - b.chord || a.id - b.id);
      if (pool.length > QUICK_SEARCH_POOL) pool.length = QUICK_SEARCH_POOL;
      pool.sort((a, b) => b.score - a.score || a.chord - b.chord || a.id - b.id);
      return pool.slice(0, limit).map((m) => m.id);
    },
  };
}

export interface QuickIndexDeps {
  /** every active restaurant preset with the coordinates of its stored cube */
  load: () => Promise<QuickIndexRow[]>;
  /** the restaurants matching the query text or its expansion, with their relevance */
  matches: (q: string, tsquery: string) => Promise<QuickMatch[]>;
  ttlMs?: number;
  now?: () => number;
}

interface QuickState {
  snapshot: QuickSnapshot;
  /** per query text and expansion, the prepared matches (LRU; bounded in count and in matches) */
  sets: Map<string, { value: Promise<PreparedMatches>; size: number }>;
  kept: number;
}

export function createQuickSearchIndex(deps: QuickIndexDeps) {
  const snapshots = createTtlCache<'restaurants', QuickState>({
    ttlMs: deps.ttlMs ?? CATERING_INDEX_TTL_MS,
    maxEntries: 1,
    keep: (state) => state.snapshot.size > 0,
    now: deps.now,
  });
  const current = () => snapshots.get('restaurants', async () => ({ snapshot: buildQuickSnapshot(await deps.load()), sets: new Map(), kept: 0 }));

  function matchesOf(state: QuickState, q: string, tsquery: string): Promise<PreparedMatches> {
    const key = `${tsquery}\n${q}`;
    const hit = state.sets.get(key);
    if (hit) {
      state.sets.delete(key);
      state.sets.set(key, hit);
      return hit.value;
    }
    const entry = { value: deps.matches(q, tsquery).then((list) => state.snapshot.prepare(list)), size: 0 };
    state.sets.set(key, entry);
    entry.value.then(
      (prepared) => {
        if (state.sets.get(key) !== entry) return;
        entry.size = prepared.positions.length;
        state.kept += entry.size;
        for (const [oldest, e] of state.sets) {
          if (state.sets.size <= QUICK_MATCH_SETS && state.kept <= QUICK_MATCHES_KEPT) break;
          if (oldest === key) continue;
          state.sets.delete(oldest);
          state.kept -= e.size;
        }
      },
      () => {
        if (state.sets.get(key) === entry) state.sets.delete(key);
      },
    );
    return entry.value;
  }

  return {
    /**
     * The navigation search's restaurant ids: the QUICK_SEARCH_POOL nearest matches within
     * radiusKm of the point by relevance; when none is that near, the nearest anywhere.
     */
    async ids(input: { q: string; tsquery: string; point: GeoPoint; radiusKm: number; limit: number }): Promise<number[]> {
      const state = await current();
      const matches = await matchesOf(state, input.q, input.tsquery);
      const near = state.snapshot.rank(matches, input.point, input.radiusKm, input.limit);
      return near.length ? near : state.snapshot.rank(matches, input.point, null, input.limit);
    },
    async warm(): Promise<void> {
      await current();
    },
  };
}
export type QuickSearchIndex = ReturnType<typeof createQuickSearchIndex>;
