import { describe, expect, it } from 'vitest';
import { earthPoint, chordOf } from './located-rows.js';
import {
  buildQuickSnapshot,
  createQuickSearchIndex,
  QUICK_SEARCH_POOL,
  type QuickIndexRow,
  type QuickMatch,
} from './quick-search-index.js';

// The navigation search's ranking in memory against a brute-force reference; the integration
// test holds it to PostgreSQL's.

const TORONTO = { latitude: 43.65, longitude: -79.38 };

function restaurants(n: number): {
  rows: QuickIndexRow[];
  at: Map<number, { latitude: number; longitude: number } | null>;
} {
  const at = new Map<number, { latitude: number; longitude: number } | null>();
  const rows = Array.from({ length: n }, (_, i) => {
    const id = 10 + i;
    // a ring of restaurants 0-80 km out; every 25th without a location
    const p =
      i % 25 === 0
        ? null
        : { latitude: TORONTO.latitude + ((i % 97) / 97) * 0.7, longitude: TORONTO.longitude + ((i % 13) / 13) * 0.3 };
    at.set(id, p);
    const xyz = p ? earthPoint(p) : null;
    return { id, x: xyz?.[0] ?? null, y: xyz?.[1] ?? null, z: xyz?.[2] ?? null };
  });
  return { rows, at };
}

function chord(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const [ax, ay, az] = earthPoint(a);
  const [bx, by, bz] = earthPoint(b);
  return Math.sqrt((ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2);
}

describe('quick search snapshot', () => {
  const { rows, at } = restaurants(600);
  const snapshot = buildQuickSnapshot(rows);
  // scores with many ties (a few distinct values), as rounded relevance has
  const matches: QuickMatch[] = rows.filter((r) => r.id % 3 !== 0).map((r) => ({ id: r.id, score100: (r.id * 7) % 5 }));
  const prepared = snapshot.prepare([...matches, { id: 99_999, score100: 500 }]); // an id not in the snapshot is left out

  function reference(radiusKm: number | null, limit: number) {
    const within = radiusKm === null ? Infinity : chordOf(radiusKm * 1000);
    return matches
      .map((m) => ({ ...m, chord: at.get(m.id) ? chord(at.get(m.id)!, TORONTO) : Infinity }))
      .filter((m) => radiusKm === null || m.chord <= within)
      .sort((a, b) => a.chord - b.chord || a.id - b.id)
      .slice(0, QUICK_SEARCH_POOL)
      .sort((a, b) => b.score100 - a.score100 || a.chord - b.chord || a.id - b.id)
      .slice(0, limit)
      .map((m) => m.id);
  }

  it('ranks the pool of the nearest matches by relevance, distance and id', () => {
    for (const radiusKm of [5, 20, 50, null]) {
      for (const limit of [1, 8, 20]) {
        const expected = reference(radiusKm, limit);
        expect(snapshot.rank(prepared, TORONTO, radiusKm, limit), `${radiusKm} km, ${limit}`).toEqual(expected);
      }
    }
    expect(reference(null, 20)).toHaveLength(20);
    expect(prepared.positions.length).toBe(matches.length);
  });

  it('keeps restaurants without a location out of a radius and last without one', () => {
    const unlocated = new Set(rows.filter((r) => r.x === null).map((r) => r.id));
    const only = snapshot.prepare(matches.filter((m) => unlocated.has(m.id)));
    expect(only.positions.length).toBeGreaterThan(0);
    expect(snapshot.rank(only, TORONTO, 50, 8)).toEqual([]);
    expect(snapshot.rank(only, TORONTO, null, 8).length).toBeGreaterThan(0);
  });
});

describe('quick search index', () => {
  it('falls back to the nearest anywhere, reads a query once per snapshot and forgets a failed read', async () => {
    const { rows } = restaurants(100);
    let reads = 0;
    const index = createQuickSearchIndex({
      load: () => Promise.resolve(rows),
      matches: (q) => {
        reads++;
        if (q === 'broken') return Promise.reject(new Error('database gone'));
        return Promise.resolve(rows.filter((r) => r.x !== null).map((r) => ({ id: r.id, score100: 1 })));
      },
    });
    // nothing within 50 km of Vancouver: the nearest anywhere (all of them far, in Toronto)
    const far = await index.ids({
      q: 'pizza',
      tsquery: '(pizza)',
      point: { latitude: 49.28, longitude: -123.12 },
      radiusKm: 50,
      limit: 5,
    });
    expect(far).toHaveLength(5);
    await index.ids({ q: 'pizza', tsquery: '(pizza)', point: TORONTO, radiusKm: 50, limit: 5 });
    expect(reads).toBe(1);
    await expect(
      index.ids({ q: 'broken', tsquery: '(broken)', point: TORONTO, radiusKm: 50, limit: 5 }),
    ).rejects.toThrow('database gone');
    await expect(
      index.ids({ q: 'broken', tsquery: '(broken)', point: TORONTO, radiusKm: 50, limit: 5 }),
    ).rejects.toThrow('database gone');
    expect(reads).toBe(3);
  });
});

describe('quick search snapshot: the full search list', () => {
  const { rows: plain, at } = restaurants(600);
  const cuisines = ['Japanese', 'Indian', 'Italian'];
  const rows = plain.map((r) => ({ ...r, cuisine_types: [cuisines[r.id % 3]!] }));
  const snapshot = buildQuickSnapshot(rows);
  const matches: QuickMatch[] = rows.filter((r) => r.id % 4 !== 0).map((r) => ({ id: r.id, score100: (r.id * 7) % 5 }));
  const prepared = snapshot.prepare(matches);
  const position = new Map(rows.map((r, i) => [r.id, i]));

  // every match by brute force: filter, then relevance, distance (or the rows' order), id
  function reference(point: typeof TORONTO | null, radiusKm: number, wanted: string[], limit: number) {
    const all = matches
      .filter((m) => !wanted.length || wanted.includes(cuisines[m.id % 3]!))
      .map((m) => ({ ...m, order: point ? (at.get(m.id) ? chord(point, at.get(m.id)!) : NaN) : position.get(m.id)! }))
      .filter((m) => !point || m.order <= chordOf(radiusKm * 1000))
      .sort((a, b) => b.score100 - a.score100 || a.order - b.order || a.id - b.id);
    return { ids: all.slice(0, limit).map((m) => m.id), total: all.length };
  }

  it('lists the best matches within the radius and counts them all', () => {
    for (const radiusKm of [5, 30, 50]) {
      for (const limit of [1, 6, 40, 1000]) {
        const got = snapshot.list(prepared, { point: TORONTO, radiusKm, cuisines: [] }, limit);
        expect(got, `${radiusKm} km, limit ${limit}`).toEqual(reference(TORONTO, radiusKm, [], limit));
      }
    }
  });

  it('filters by cuisine, and lists the most ordered first without a point', () => {
    const got = snapshot.list(prepared, { point: TORONTO, radiusKm: 50, cuisines: ['Indian', 'Italian'] }, 40);
    expect(got).toEqual(reference(TORONTO, 50, ['Indian', 'Italian'], 40));
    expect(got.total).toBeGreaterThan(40);
    expect(snapshot.list(prepared, { point: null, radiusKm: 50, cuisines: [] }, 12)).toEqual(
      reference(null, 50, [], 12),
    );
    expect(snapshot.list(prepared, { point: null, radiusKm: 50, cuisines: ['Thai'] }, 12)).toEqual({
      ids: [],
      total: 0,
    });
  });
});
