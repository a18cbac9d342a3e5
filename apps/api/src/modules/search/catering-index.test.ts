import { describe, expect, it } from 'vitest';
import type { PresetSort } from '@caterway/contracts';
import { DIETARY_NEEDS, type DietaryNeed } from '@caterway/domain';
import { createRng } from '../../db/seed/prng.js';
import {
  buildCateringSnapshot,
  createCateringIndex,
  type CateringIndexData,
  type CateringIndexRow,
} from './catering-index.js';
import { chordOf, earthPoint } from './located-rows.js';

// The catering index against a brute-force reference (filter everything, sort in full, slice) on
// a generated catalogue; the integration test (preset-search-speed) holds it to PostgreSQL's answers.

interface Preset {
  id: number;
  at: { latitude: number; longitude: number } | null;
  cuisines: string[];
  /** dishes' dietary tags, with tags that are no filter's need ('Keto') among them */
  diets: string[];
  orders: number;
  price: number;
  guests: number;
}

const CITIES = [
  { latitude: 43.65, longitude: -79.38 },
  { latitude: 45.5, longitude: -73.57 },
  { latitude: 49.28, longitude: -123.12 },
];
// 40 cuisine names: more than one 32-bit word of cuisine bits
const CUISINES = Array.from({ length: 40 }, (_, i) => `Cuisine ${i}`);

function catalogue(n: number, seed: number, cuisineCount = CUISINES.length): Preset[] {
  const random = createRng(seed).next;
  return Array.from({ length: n }, (_, i) => {
    const city = CITIES[Math.floor(random() * CITIES.length)]!;
    return {
      id: 1000 + i * 3,
      // one in 50 has no location; some are 50-60 km out of town, around the radius
      at:
        random() < 0.02
          ? null
          : { latitude: city.latitude + (random() - 0.5) * 1.1, longitude: city.longitude + (random() - 0.5) * 1.4 },
      cuisines: Array.from({ length: Math.floor(random() * 3) }, () => CUISINES[Math.floor(random() * cuisineCount)]!),
      diets: [...DIETARY_NEEDS, 'Keto'].filter(() => random() < 0.6),
      // few distinct values, so ties are common and the id decides
      orders: Math.floor(random() * 20),
      price: 1000 + 100 * Math.floor(random() * 15),
      guests: 10 + 5 * Math.floor(random() * 8),
    };
  });
}

const compare: Record<PresetSort, (a: Preset, b: Preset) => number> = {
  popular: (a, b) => b.orders - a.orders || a.id - b.id,
  price_asc: (a, b) => a.price - b.price || a.id - b.id,
  price_desc: (a, b) => b.price - a.price || b.id - a.id,
  headcount_asc: (a, b) => a.guests - b.guests || a.id - b.id,
  headcount_desc: (a, b) => b.guests - a.guests || b.id - a.id,
};

function indexData(presets: Preset[]): CateringIndexData {
  const row = (p: Preset): CateringIndexRow => {
    const xyz = p.at ? earthPoint(p.at) : null;
    return {
      id: p.id,
      x: xyz?.[0] ?? null,
      y: xyz?.[1] ?? null,
      z: xyz?.[2] ?? null,
      cuisine_types: p.cuisines,
      dietary_types: p.diets,
    };
  };
  return {
    popular: [...presets].sort(compare.popular).map(row),
    byPrice: [...presets].sort(compare.price_asc).map((p) => p.id),
    byGuests: [...presets].sort(compare.headcount_asc).map((p) => p.id),
  };
}

function distance(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const [ax, ay, az] = earthPoint(a);
  const [bx, by, bz] = earthPoint(b);
  return Math.hypot(ax - bx, ay - by, az - bz);
}

function reference(
  presets: Preset[],
  q: {
    near: { latitude: number; longitude: number } | null;
    radiusKm: number;
    cuisines: string[];
    dietary?: DietaryNeed[];
    words?: Set<number>;
  },
  page: { sort: PresetSort; limit: number; offset: number; countCap?: number },
) {
  const chord = chordOf(q.radiusKm * 1000);
  const all = presets
    .filter((p) => !q.words || q.words.has(p.id))
    .filter((p) => !q.cuisines.length || p.cuisines.some((c) => q.cuisines.includes(c)))
    .filter((p) => (q.dietary ?? []).every((d) => p.diets.includes(d)))
    .filter((p) => !q.near || (p.at !== null && distance(p.at, q.near) <= chord))
    .sort(compare[page.sort]);
  const capped = page.countCap !== undefined && all.length > page.countCap;
  return {
    ids: all.slice(page.offset, page.offset + page.limit).map((p) => p.id),
    total: capped ? page.countCap! : all.length,
    capped,
  };
}

const sorts = Object.keys(compare) as PresetSort[];

describe('catering index', () => {
  const presets = catalogue(3000, 20261122);
  const snapshot = buildCateringSnapshot(indexData(presets));

  // 40 cuisines need two 32-bit words a preset; 12 fit in one (the usual case)
  it.each([
    ['40 cuisines', presets, snapshot],
    ['12 cuisines', catalogue(3000, 11, 12), null],
  ] as const)('answers the reference page and count for every sort, filter, page and cap (%s)', (_, presets, built) => {
    const snapshot = built ?? buildCateringSnapshot(indexData([...presets]));
    const random = createRng(7).next;
    let nonEmpty = 0;
    for (let run = 0; run < 400; run++) {
      const city = CITIES[run % CITIES.length]!;
      const near =
        run % 5 === 0
          ? null
          : { latitude: city.latitude + (random() - 0.5) * 0.3, longitude: city.longitude + (random() - 0.5) * 0.3 };
      // sometimes a cuisine no preset of this catalogue has
      const cuisines =
        random() < 0.5
          ? []
          : Array.from({ length: 1 + Math.floor(random() * 3) }, () => CUISINES[Math.floor(random() * 14)]!);
      const words = random() < 0.3 ? new Set(presets.filter(() => random() < 0.2).map((p) => p.id)) : undefined;
      const page = {
        sort: sorts[run % sorts.length]!,
        limit: 12,
        offset: 12 * Math.floor(random() * 4),
        countCap: random() < 0.5 ? undefined : [5, 30, 1000][Math.floor(random() * 3)],
      };
      // sometimes one or two dietary needs, all of which a preset's dishes must have
      const dietary = DIETARY_NEEDS.filter(() => random() < 0.15);
      const query = { near, radiusKm: 50, cuisines, dietary };
      const expected = reference([...presets], { ...query, words }, page);
      if (expected.ids.length) nonEmpty++;
      const got = snapshot.page(query, page, words && snapshot.bitsOf([...words]));
      expect(got, JSON.stringify({ query, page })).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(200);
  });

  it('keeps presets without a location out of every radius and in the lists without an address', () => {
    const without = presets.filter((p) => p.at === null).map((p) => p.id);
    expect(without.length).toBeGreaterThan(10);
    const everyWhere = snapshot.page(
      { near: null, radiusKm: 50, cuisines: [] },
      { sort: 'popular', limit: presets.length, offset: 0 },
    );
    expect(everyWhere.total).toBe(presets.length);
    expect(everyWhere.ids).toEqual(expect.arrayContaining(without));
    for (const city of CITIES) {
      const near = snapshot.page(
        { near: city, radiusKm: 50, cuisines: [] },
        { sort: 'popular', limit: presets.length, offset: 0 },
      );
      expect(near.ids.some((id) => without.includes(id))).toBe(false);
    }
  });

  it('finds nothing for a cuisine no preset has, and nothing past the last page', () => {
    expect(
      snapshot.page({ near: null, radiusKm: 50, cuisines: ['Martian'] }, { sort: 'price_desc', limit: 12, offset: 0 }),
    ).toEqual({ ids: [], total: 0, capped: false });
    const deep = snapshot.page(
      { near: CITIES[0]!, radiusKm: 50, cuisines: [] },
      { sort: 'headcount_desc', limit: 12, offset: 100_000 },
    );
    expect(deep.ids).toEqual([]);
    expect(deep.total).toBeGreaterThan(0);
  });

  it('an empty catalogue answers empty pages', () => {
    const empty = buildCateringSnapshot({ popular: [], byPrice: [], byGuests: [] });
    expect(
      empty.page(
        { near: CITIES[1]!, radiusKm: 50, cuisines: ['Cuisine 1'] },
        { sort: 'popular', limit: 12, offset: 0 },
        empty.bitsOf([1, 2]),
      ),
    ).toEqual({
      ids: [],
      total: 0,
      capped: false,
    });
  });
});

describe('catering index: loading, words and age', () => {
  function setup() {
    const presets = catalogue(500, 99);
    let now = 0;
    const calls = { load: 0, words: 0 };
    const index = createCateringIndex({
      load: () => {
        calls.load++;
        return Promise.resolve(indexData(presets));
      },
      wordMatches: (tsquery) => {
        calls.words++;
        if (tsquery === 'broken') return Promise.reject(new Error('database gone'));
        return Promise.resolve(presets.filter((p) => p.id % 2 === 0).map((p) => p.id));
      },
      ttlMs: 60_000,
      now: () => now,
    });
    return { presets, index, calls, advance: (ms: number) => (now += ms) };
  }
  const page = { sort: 'popular' as const, limit: 12, offset: 0 };

  it('loads once, keeps a word query with its snapshot, and reloads after the TTL', async () => {
    const { presets, index, calls, advance } = setup();
    const q = { near: null, radiusKm: 50, cuisines: [], tsquery: '(lunch)' };
    const first = await index.page(q, page);
    await index.page(q, page);
    expect(calls).toEqual({ load: 1, words: 1 });
    const even = new Set(presets.filter((p) => p.id % 2 === 0).map((p) => p.id));
    expect(first).toEqual(reference(presets, { near: null, radiusKm: 50, cuisines: [], words: even }, page));
    advance(60_001);
    await index.page(q, page);
    expect(calls).toEqual({ load: 2, words: 2 });
  });

  it('does not keep an empty catalogue: presets seeded after it are listed by the next search', async () => {
    const presets = catalogue(50, 5);
    let seeded = false;
    let loads = 0;
    const index = createCateringIndex({
      load: () => {
        loads++;
        return Promise.resolve(indexData(seeded ? presets : []));
      },
      wordMatches: () => Promise.resolve([]),
    });
    await index.warm();
    expect(await index.page({ near: null, radiusKm: 50, cuisines: [], tsquery: null }, page)).toEqual({
      ids: [],
      total: 0,
      capped: false,
    });
    seeded = true;
    expect((await index.page({ near: null, radiusKm: 50, cuisines: [], tsquery: null }, page)).total).toBe(50);
    await index.page({ near: null, radiusKm: 50, cuisines: [], tsquery: null }, page);
    expect(loads).toBe(3);
  });

  it('a failed word read is not kept: the next request reads it again', async () => {
    const { index, calls } = setup();
    const q = { near: null, radiusKm: 50, cuisines: [], tsquery: 'broken' };
    await expect(index.page(q, page)).rejects.toThrow('database gone');
    await expect(index.page(q, page)).rejects.toThrow('database gone');
    expect(calls.words).toBe(2);
  });
});
