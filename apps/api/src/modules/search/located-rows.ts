import { LRUCache } from 'lru-cache';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { GeoPoint } from '../presets/presets.types.js';
import type { LocatedRow } from './search.types.js';

export type { LocatedRow } from './search.types.js';

// What the search indexes in memory (docs/decisions/023) share: the earth geometry of the
// earthdistance extension, computed as PostgreSQL computes it, the layout of their rows, and
// the life of a snapshot with the query answers read for it.

/** earth() of the earthdistance extension (metres): ll_to_earth and the chord test use it. */
const EARTH_RADIUS_M = 6378168;
/** radians() of PostgreSQL: the same double as Math.PI / 180 */
const RADIANS_PER_DEGREE = Math.PI / 180;

/** The cube ll_to_earth(lat, lng) stores, computed as PostgreSQL computes it. */
export function earthPoint(p: GeoPoint): [number, number, number] {
  const lat = p.latitude * RADIANS_PER_DEGREE;
  const lng = p.longitude * RADIANS_PER_DEGREE;
  return [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lng),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lng),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
}

/** The chord of a great-circle distance: nearSql's `2 * earth() * sin(metres / (2 * earth()))`. */
export function chordOf(metres: number): number {
  return 2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));
}

/** Rows by position: ids, coordinates side by side (one cache line per tested row), position of an id. */
export interface LocatedRows {
  ids: Float64Array;
  /** x, y, z of position i at 3i..3i+2; NaN without a location (NULL in SQL: never within a radius) */
  xyz: Float64Array;
  positionOf: Map<number, number>;
}

export function locateRows(rows: readonly LocatedRow[]): LocatedRows {
  const ids = new Float64Array(rows.length);
  const xyz = new Float64Array(3 * rows.length);
  const positionOf = new Map<number, number>();
  for (const [i, row] of rows.entries()) {
    ids[i] = row.id;
    positionOf.set(row.id, i);
    xyz[3 * i] = row.x ?? NaN;
    xyz[3 * i + 1] = row.y ?? NaN;
    xyz[3 * i + 2] = row.z ?? NaN;
  }
  return { ids, xyz, positionOf };
}

/** One loaded snapshot and the answers of queries read for it (answer: read once per key). */
export interface LoadedSnapshot<S, A> {
  snapshot: S;
  /** the database's snapshot before the load (options.visibleAt), null without one */
  visibleAt: string | null;
  answer: (key: string, read: (snapshot: S) => Promise<A>) => Promise<A>;
}

export interface SnapshotIndexOptions<S, A> {
  load: () => Promise<S>;
  /** the database's snapshot, read before each load: which row versions a snapshot holds */
  visibleAt?: () => Promise<string>;
  /** with visibleAt: which of these presets changed since such a snapshot (unknown ids left out) */
  changedSince?: (
    ids: readonly number[],
    visibleAt: string,
  ) => Promise<{ id: number; preset_type: string; changed: boolean }[]>;
  /** the preset type the index lists (a change of another type's row is no change of it) */
  presetType?: string;
  /** how old a snapshot may be (ms) */
  ttlMs: number;
  /** answers kept per snapshot, least recently used first out */
  maxAnswers: number;
  /** with sizeOf: the total size of the kept answers (the one just read is always kept) */
  maxSize?: number;
  sizeOf?: (answer: A) => number;
  now?: () => number;
}

/**
 * The life of a search index in memory: a snapshot loaded on first use (or warm()) and reloaded
 * in the background in the last fifth of its TTL (lib/ttl-cache.ts), never served older; an empty
 * one (size 0) is not kept, so a catalogue being seeded (the demo data of a first start) lists
 * from the first search after it is written. Per snapshot, the answers of queries read from the
 * database for it (word matches): bounded, and a failed read is forgotten at once. A catalogue
 * change replaces the snapshot at once (refresh), the old one serving until the new is loaded.
 */
export function createSnapshotIndex<S extends { size: number; has?(id: number): boolean }, A>(
  options: SnapshotIndexOptions<S, A>,
) {
  const snapshots = createTtlCache<'snapshot', LoadedSnapshot<S, A>>({
    ttlMs: options.ttlMs,
    maxEntries: 1,
    keep: (state) => state.snapshot.size > 0,
    now: options.now,
  });
  const sizeOf = options.sizeOf ?? (() => 1);

  function loaded(snapshot: S, visibleAt: string | null): LoadedSnapshot<S, A> {
    // lru-cache shares a pending read between callers, forgets a failed one and sizes an answer
    // once it resolves. An answer larger than maxSize counts as maxSize: it pushes every other
    // answer out and is kept, as the one just read always is.
    const answers = new LRUCache<string, { value: A }, (snapshot: S) => Promise<A>>({
      max: options.maxAnswers,
      ...(options.maxSize !== undefined && {
        maxSize: options.maxSize,
        sizeCalculation: (box: { value: A }) => Math.max(1, Math.min(sizeOf(box.value), options.maxSize!)),
      }),
      fetchMethod: async (_key, _stale, { context: read }) => ({ value: await read(snapshot) }),
      // a read whose entry was pushed out meanwhile still answers the requests waiting for it
      ignoreFetchAbort: true,
    });
    return {
      snapshot,
      visibleAt,
      answer: async (key, read) => (await answers.fetch(key, { context: read }))!.value,
    };
  }

  const load = async () => {
    const visibleAt = options.visibleAt ? await options.visibleAt() : null;
    return loaded(await options.load(), visibleAt);
  };
  return {
    current: () => snapshots.get('snapshot', load),
    /**
     * A catalogue change (decision 056): loads a new snapshot now, while the one held is still
     * served, and resolves once it serves the new one (the answers read for the old are dropped
     * with it).
     */
    refresh: () => snapshots.refresh('snapshot', load),
    /**
     * A catalogue change of these presets: reloads (as refresh) only when one of their rows
     * changed after the served snapshot was loaded, or one it lists is gone; a change that left
     * their rows as they were (a dish's price, a restaurant's hours) keeps the snapshot and the
     * answers read for it. Answers whether it reloaded.
     */
    async reloadIfChanged(ids: ReadonlySet<number>): Promise<boolean> {
      if (ids.size === 0) return false;
      const { snapshot, visibleAt } = await snapshots.get('snapshot', load);
      // a snapshot that cannot say what it lists is taken to list every preset
      const lists = (id: number) => snapshot.has?.(id) ?? true;
      let stale = visibleAt === null || !options.changedSince;
      if (!stale) {
        const rows = await options.changedSince!([...ids], visibleAt!);
        const found = new Set(rows.map((r) => r.id));
        stale =
          rows.some((r) => r.changed && (r.preset_type === options.presetType || lists(r.id))) ||
          [...ids].some((id) => !found.has(id) && lists(id));
      }
      if (stale) await snapshots.refresh('snapshot', load);
      return stale;
    },
  };
}
