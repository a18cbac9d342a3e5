import type { GeoPoint } from '../presets/presets.types.js';
import { CATERING_INDEX_TTL_MS } from './catering-index.js';
import { chordOf, createSnapshotIndex, earthPoint, locateRows, type SnapshotIndexOptions } from './located-rows.js';
import type { QuickIndexRow, QuickMatch } from './search.types.js';

export type { QuickIndexRow, QuickMatch } from './search.types.js';

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

export interface QuickSnapshot {
  size: number;
  /** whether the snapshot lists this preset */
  has(id: number): boolean;
  /** positions and scores of the matches in this snapshot (restaurants not in it left out) */
  prepare(matches: readonly QuickMatch[]): PreparedMatches;
  /** the ids of the limit best of the pool nearest to point (within radiusKm when not null) */
  rank(matches: PreparedMatches, point: GeoPoint, radiusKm: number | null, limit: number): number[];
  /**
   * The full search's restaurants (decision 065): every match within radiusKm of the point (any
   * match without one) holding one of the cuisines (when given), by relevance, then distance (the
   * most ordered first without a point), then id; the first limit ids and how many there are.
   */
  list(
    matches: PreparedMatches,
    filter: { point: GeoPoint | null; radiusKm: number; cuisines: readonly string[] },
    limit: number,
  ): { ids: number[]; total: number };
}

export interface PreparedMatches {
  positions: Uint32Array;
  scores: Int32Array;
}

export function buildQuickSnapshot(rows: readonly QuickIndexRow[]): QuickSnapshot {
  const { ids, xyz, positionOf } = locateRows(rows);
  const cuisinesAt = rows.map((r) => r.cuisine_types ?? []);
  return {
    size: rows.length,
    has: (id) => positionOf.has(id),
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
    list({ positions, scores }, filter, limit) {
      const point = filter.point ? earthPoint(filter.point) : null;
      const within = chordOf(filter.radiusKm * 1000);
      // farther than the chord (plus a metre) along one axis is out: other cities leave cheaply
      const axis = within + 1;
      const wanted = filter.cuisines.length ? new Set(filter.cuisines) : null;
      // the best `limit` so far, best first (a common word matches thousands: no sort of them all)
      const best: { score: number; order: number; id: number }[] = [];
      const worse = (a: { score: number; order: number; id: number }, score: number, order: number, id: number) =>
        a.score < score || (a.score === score && (a.order > order || (a.order === order && a.id > id)));
      let total = 0;
      for (let k = 0; k < positions.length; k++) {
        const i = positions[k]!;
        if (wanted && !cuisinesAt[i]!.some((c) => wanted.has(c))) continue;
        // without a point: the most ordered first (the rows' order)
        let order = i;
        if (point) {
          const dx = xyz[3 * i]! - point[0];
          if (!(Math.abs(dx) <= axis)) continue; // NaN: no location, never within
          const dy = xyz[3 * i + 1]! - point[1];
          if (!(Math.abs(dy) <= axis)) continue;
          const dz = xyz[3 * i + 2]! - point[2];
          order = Math.sqrt(dx * dx + dy * dy + dz * dz);
          if (!(order <= within)) continue;
        }
        total++;
        const score = scores[k]!;
        const id = ids[i]!;
        if (best.length === limit && !worse(best[limit - 1]!, score, order, id)) continue;
        let at = best.length === limit ? limit - 1 : best.length;
        while (at > 0 && worse(best[at - 1]!, score, order, id)) at--;
        best.splice(at, 0, { score, order, id });
        if (best.length > limit) best.length = limit;
      }
      return { ids: best.map((m) => m.id), total };
    },
  };
}

export interface QuickIndexDeps {
  /** every active restaurant preset with the coordinates of its stored cube */
  load: () => Promise<QuickIndexRow[]>;
  /** the restaurants matching the query text or its expansion, with their relevance */
  matches: (q: string, tsquery: string) => Promise<QuickMatch[]>;
  /** the database's snapshot before a load, and which presets changed since one (decision 056) */
  visibleAt?: () => Promise<string>;
  changedSince?: SnapshotIndexOptions<QuickSnapshot, PreparedMatches>['changedSince'];
  ttlMs?: number;
  now?: () => number;
}

export function createQuickSearchIndex(deps: QuickIndexDeps) {
  const index = createSnapshotIndex<QuickSnapshot, PreparedMatches>({
    load: async () => buildQuickSnapshot(await deps.load()),
    visibleAt: deps.visibleAt,
    changedSince: deps.changedSince,
    presetType: 'restaurant',
    ttlMs: deps.ttlMs ?? CATERING_INDEX_TTL_MS,
    maxAnswers: QUICK_MATCH_SETS,
    maxSize: QUICK_MATCHES_KEPT,
    sizeOf: (prepared) => prepared.positions.length,
    now: deps.now,
  });
  /** The snapshot and the restaurants matching a query text in it (read once per snapshot and text). */
  async function matchesOf(q: string, tsquery: string) {
    const { snapshot, answer } = await index.current();
    const matches = await answer(`${tsquery}\n${q}`, async (s) => s.prepare(await deps.matches(q, tsquery)));
    return { snapshot, matches };
  }
  return {
    /**
     * The navigation search's restaurant ids: the QUICK_SEARCH_POOL nearest matches within
     * radiusKm of the point by relevance; when none is that near, the nearest anywhere.
     */
    async ids(input: {
      q: string;
      tsquery: string;
      point: GeoPoint;
      radiusKm: number;
      limit: number;
    }): Promise<number[]> {
      const { snapshot, matches } = await matchesOf(input.q, input.tsquery);
      const near = snapshot.rank(matches, input.point, input.radiusKm, input.limit);
      return near.length ? near : snapshot.rank(matches, input.point, null, input.limit);
    },
    /** The full search's restaurants (QuickSnapshot.list), from the same match sets as ids(). */
    async list(input: {
      q: string;
      tsquery: string;
      point: GeoPoint | null;
      radiusKm: number;
      cuisines: readonly string[];
      limit: number;
    }): Promise<{ ids: number[]; total: number }> {
      const { snapshot, matches } = await matchesOf(input.q, input.tsquery);
      return snapshot.list(matches, input, input.limit);
    },
    async warm(): Promise<void> {
      await index.current();
    },
    /** Reloads now, the current snapshot serving meanwhile (a catalogue change: decision 056). */
    refresh: (): Promise<void> => index.refresh(),
    /** Reloads (as refresh) only if one of these presets' rows changed since the snapshot was loaded. */
    reloadIfChanged: (presetIds: ReadonlySet<number>): Promise<boolean> => index.reloadIfChanged(presetIds),
  };
}
export type QuickSearchIndex = ReturnType<typeof createQuickSearchIndex>;
