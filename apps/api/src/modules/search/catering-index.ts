import type { PresetSort } from '@caterway/contracts';
import { DIETARY_NEEDS, type DietaryNeed } from '@caterway/domain';
import type { GeoPoint } from '../presets/presets.types.js';
import { chordOf, createSnapshotIndex, earthPoint, locateRows, type SnapshotIndexOptions } from './located-rows.js';
import type { CateringIndexData } from './search.types.js';

export type { CateringIndexData, CateringIndexRow } from './search.types.js';

// The preset search's catering presets in memory (docs/decisions/023-catering-listing-index.md):
// position, cuisines and the three sort orders of every active catering preset, loaded from the
// covering indexes at most CATERING_INDEX_TTL_MS ago, so a listing near an address with cuisines
// is a walk over typed arrays instead of a scan of the city's presets in PostgreSQL (a cuisine
// near Toronto tests ~11,000 index tuples for ~600 matches: 5-13 ms of database time a request).
// Words are matched by PostgreSQL (English stemming): the ids of a word query's matches are
// read once per snapshot and kept as a bit set.
// A catalogue change reloads the snapshot on every instance (the catalogue sync, decision 056),
// the old one serving until the new one is in; the TTL stays as the last safety net.

export interface CateringQuery {
  near: GeoPoint | null;
  radiusKm: number;
  cuisines: readonly string[];
  /** dietary needs: kept when the preset's dishes' tags hold every one (decision 067) */
  dietary?: readonly DietaryNeed[];
}

export interface CateringPage {
  sort: PresetSort;
  limit: number;
  offset: number;
  /** count at most this many matches (capped: true past it); exact without */
  countCap?: number;
}

export interface ListingResult {
  ids: number[];
  total: number;
  capped: boolean;
}

/** One loaded state of the catalogue's catering presets; positions follow the popular order. */
export interface CateringSnapshot {
  size: number;
  /** whether the snapshot lists this preset */
  has(id: number): boolean;
  /** page(): the listing of a query without words, or with the bit set of its words' matches */
  page(query: CateringQuery, page: CateringPage, words?: Uint32Array): ListingResult;
  /** the bit set (by position) of the given preset ids; ids not in the snapshot are left out */
  bitsOf(ids: readonly number[]): Uint32Array;
}

export function buildCateringSnapshot(data: CateringIndexData): CateringSnapshot {
  const rows = data.popular;
  const n = rows.length;
  const { ids, xyz, positionOf } = locateRows(rows);
  const cuisineBit = new Map<string, number>();
  for (const row of rows) for (const c of row.cuisine_types) if (!cuisineBit.has(c)) cuisineBit.set(c, cuisineBit.size);
  // each preset's cuisines as bits: `words` 32-bit words a preset
  const words = Math.max(1, Math.ceil(cuisineBit.size / 32));
  const cuisineMasks = new Uint32Array(n * words);
  for (const [i, row] of rows.entries()) {
    for (const c of row.cuisine_types) {
      const bit = cuisineBit.get(c)!;
      cuisineMasks[i * words + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }
  // each preset's dietary tags as bits of one word (DIETARY_NEEDS' order; other tags ignored)
  const dietaryBit = new Map<string, number>(DIETARY_NEEDS.map((need, i) => [need, 1 << i]));
  const dietaryMasks = new Uint32Array(n);
  for (const [i, row] of rows.entries())
    for (const d of row.dietary_types ?? []) dietaryMasks[i]! |= dietaryBit.get(d) ?? 0;
  const positions = (list: readonly number[]) => {
    const out = new Uint32Array(list.length);
    let k = 0;
    for (const id of list) {
      const p = positionOf.get(id);
      if (p !== undefined) out[k++] = p;
    }
    return out.subarray(0, k);
  };
  const byPrice = positions(data.byPrice);
  const byGuests = positions(data.byGuests);
  const popular = Uint32Array.from({ length: n }, (_, i) => i);
  // the descending sorts break ties by id descending too (search.repository's sortSql): the
  // ascending lists backwards
  const orders: Record<PresetSort, { list: Uint32Array; backwards: boolean }> = {
    popular: { list: popular, backwards: false },
    price_asc: { list: byPrice, backwards: false },
    price_desc: { list: byPrice, backwards: true },
    headcount_asc: { list: byGuests, backwards: false },
    headcount_desc: { list: byGuests, backwards: true },
  };

  return {
    size: n,
    has: (id) => positionOf.has(id),
    bitsOf(list) {
      const bits = new Uint32Array(Math.ceil(n / 32) || 1);
      for (const id of list) {
        const p = positionOf.get(id);
        if (p !== undefined) bits[p >>> 5]! |= 1 << (p & 31);
      }
      return bits;
    },
    page(query, page, wordBits) {
      const want = page.offset + page.limit;
      const stopAt = page.countCap === undefined ? Infinity : page.countCap + 1;
      // the cuisines asked for as bits; a name no preset has sets none (overlap is then false)
      let cuisineQuery: Uint32Array | null = null;
      if (query.cuisines.length) {
        cuisineQuery = new Uint32Array(words);
        for (const c of query.cuisines) {
          const bit = cuisineBit.get(c);
          if (bit !== undefined) cuisineQuery[bit >>> 5]! |= 1 << (bit & 31);
        }
      }
      // every need asked for must be among the preset's dishes' tags
      let dietaryNeeded = 0;
      for (const d of query.dietary ?? []) dietaryNeeded |= dietaryBit.get(d) ?? 0;
      // up to 32 cuisines in the catalogue (one word a preset): one AND a preset
      const oneWord = cuisineQuery !== null && words === 1;
      const q0 = cuisineQuery?.[0] ?? 0;
      const near = query.near ? earthPoint(query.near) : null;
      const [px, py, pz] = near ?? [0, 0, 0];
      const chord = chordOf(query.radiusKm * 1000);
      // a preset farther than the chord (plus a metre) along one axis is out, whatever the
      // rounding of the distance: tested before the distance, it rules out other cities cheaply
      const axis = chord + 1;
      const { list, backwards } = orders[page.sort];
      const out: number[] = [];
      let matches = 0;
      /** whether position i is listed (its words, dietary needs, cuisines, distance); false once the page and count are done */
      const take = (i: number): boolean => {
        if (dietaryNeeded !== 0 && (dietaryMasks[i]! & dietaryNeeded) !== dietaryNeeded) return true;
        if (oneWord) {
          if ((cuisineMasks[i]! & q0) === 0) return true;
        } else if (cuisineQuery) {
          let any = false;
          for (let w = 0; w < words; w++) {
            if ((cuisineMasks[i * words + w]! & cuisineQuery[w]!) !== 0) {
              any = true;
              break;
            }
          }
          if (!any) return true;
        }
        if (near) {
          // cube_distance: the square root of the summed squares, compared as PostgreSQL does
          const dx = xyz[3 * i]! - px;
          if (!(Math.abs(dx) <= axis)) return true;
          const dy = xyz[3 * i + 1]! - py;
          if (!(Math.abs(dy) <= axis)) return true;
          const dz = xyz[3 * i + 2]! - pz;
          if (!(Math.sqrt(dx * dx + dy * dy + dz * dz) <= chord)) return true;
        }
        matches++;
        if (matches > page.offset && matches <= want) out.push(ids[i]!);
        return !(matches >= want && matches >= stopAt);
      };
      if (wordBits && page.sort === 'popular') {
        // the popular order is the positions' own: walk the words' set bits, 32 at a time
        walk: for (let w = 0; w < wordBits.length; w++) {
          let bits = wordBits[w]!;
          while (bits !== 0) {
            const low = bits & -bits;
            const i = (w << 5) + 31 - Math.clz32(low);
            bits ^= low;
            if (i >= n || !take(i)) break walk;
          }
        }
      } else {
        for (let k = 0; k < list.length; k++) {
          const i = list[backwards ? list.length - 1 - k : k]!;
          if (wordBits && (wordBits[i >>> 5]! & (1 << (i & 31))) === 0) continue;
          if (!take(i)) break;
        }
      }
      const capped = page.countCap !== undefined && matches > page.countCap;
      return { ids: out, total: capped ? page.countCap! : matches, capped };
    },
  };
}

/** How old the index may be (ms): the card cache's TTL, so a listing and its cards age alike. */
export const CATERING_INDEX_TTL_MS = 60_000;
/** Word queries whose match sets a snapshot keeps (bit sets of ~4 KB at 35,000 presets). */
export const WORD_SETS_PER_SNAPSHOT = 1_000;

export interface CateringIndexDeps {
  /** every active catering preset (search.repository's cateringIndexRows) */
  load: () => Promise<CateringIndexData>;
  /** the ids of the catering presets that hold the words */
  wordMatches: (tsquery: string) => Promise<number[]>;
  /** the database's snapshot before a load, and which presets changed since one (decision 056) */
  visibleAt?: () => Promise<string>;
  changedSince?: SnapshotIndexOptions<CateringSnapshot, Uint32Array>['changedSince'];
  ttlMs?: number;
  now?: () => number;
}

/** The catering listing index (its snapshot's life: located-rows.ts createSnapshotIndex); page() answers a preset-search listing. */
export function createCateringIndex(deps: CateringIndexDeps) {
  const index = createSnapshotIndex<CateringSnapshot, Uint32Array>({
    load: async () => buildCateringSnapshot(await deps.load()),
    visibleAt: deps.visibleAt,
    changedSince: deps.changedSince,
    presetType: 'catering',
    ttlMs: deps.ttlMs ?? CATERING_INDEX_TTL_MS,
    maxAnswers: WORD_SETS_PER_SNAPSHOT,
    now: deps.now,
  });
  return {
    async page(query: CateringQuery & { tsquery: string | null }, page: CateringPage): Promise<ListingResult> {
      const { snapshot, answer } = await index.current();
      // the bit set of the words' matches in this snapshot: read once, kept with it
      const words =
        query.tsquery === null
          ? undefined
          : await answer(query.tsquery, async (s) => s.bitsOf(await deps.wordMatches(query.tsquery!)));
      return snapshot.page(query, page, words);
    },
    /** Loads the first snapshot (the app's onReady: the first search does not wait for it). */
    async warm(): Promise<void> {
      await index.current();
    },
    /** Reloads now, the current snapshot serving meanwhile (a catalogue change: decision 056). */
    refresh: (): Promise<void> => index.refresh(),
    /** Reloads (as refresh) only if one of these presets' rows changed since the snapshot was loaded. */
    reloadIfChanged: (presetIds: ReadonlySet<number>): Promise<boolean> => index.reloadIfChanged(presetIds),
  };
}
export type CateringIndex = ReturnType<typeof createCateringIndex>;
