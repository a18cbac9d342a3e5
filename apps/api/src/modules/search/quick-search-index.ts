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
}

export interface PreparedMatches {
  positions: Uint32Array;
  scores: Int32Array;
}

export function buildQuickSnapshot(rows: readonly QuickIndexRow[]): QuickSnapshot {
  const { ids, xyz, positionOf } = locateRows(rows);
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
      const { snapshot, answer } = await index.current();
      const matches = await answer(`${input.tsquery}\n${input.q}`, async (s) =>
        s.prepare(await deps.matches(input.q, input.tsquery)),
      );
      const near = snapshot.rank(matches, input.point, input.radiusKm, input.limit);
      return near.length ? near : snapshot.rank(matches, input.point, null, input.limit);
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
