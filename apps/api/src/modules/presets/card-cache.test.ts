import { describe, expect, it } from 'vitest';
import { createCardCache, sharedCardCache } from './card-cache.js';
import type { CardRow } from './presets.repository.js';

const row = (id: number, name = `p${id}`) => ({ id, name, chefs: [{ id: id * 10 }] }) as unknown as CardRow;

function setup(maxRows = 3) {
  let t = 0;
  const loads: number[][] = [];
  const names = new Map<number, string>();
  const cache = createCardCache(
    (ids) => {
      loads.push([...ids]);
      return Promise.resolve(ids.filter((id) => id !== 404).map((id) => row(id, names.get(id))));
    },
    { ttlMs: 1000, maxRows, now: () => t },
  );
  return { cache, loads, names, advance: (ms: number) => (t += ms) };
}

describe('card cache', () => {
  it('answers in the order of the ids, leaves unknown ids out and loads only the misses', async () => {
    const { cache, loads } = setup();
    expect((await cache.cardsByIds([2, 1])).map((r) => r.id)).toEqual([2, 1]);
    expect((await cache.cardsByIds([1, 3, 404, 2])).map((r) => r.id)).toEqual([1, 3, 2]);
    expect(loads).toEqual([
      [2, 1],
      [3, 404],
    ]);
  });

  it('reloads a row after the TTL, so a catalogue edit shows within it', async () => {
    const { cache, loads, names, advance } = setup();
    await cache.cardsByIds([1]);
    names.set(1, 'renamed');
    advance(1000);
    expect((await cache.cardsByIds([1]))[0]!.name).toBe('p1');
    advance(1);
    expect((await cache.cardsByIds([1]))[0]!.name).toBe('renamed');
    expect(loads).toEqual([[1], [1]]);
  });

  it('keeps at most maxRows, dropping the least recently used', async () => {
    const { cache, loads } = setup(2);
    await cache.cardsByIds([1, 2]);
    await cache.cardsByIds([1]); // 1 is now more recent than 2
    await cache.cardsByIds([3]);
    expect(cache.size).toBe(2);
    await cache.cardsByIds([1, 3]);
    await cache.cardsByIds([2]);
    expect(loads).toEqual([[1, 2], [3], [2]]);
  });

  it('is one cache per database pool: search and the home lists share its rows and its bound', async () => {
    const dbA = {};
    const dbB = {};
    const loads: number[][] = [];
    const load = (ids: readonly number[]) => {
      loads.push([...ids]);
      return Promise.resolve(ids.map((id) => row(id)));
    };
    const search = sharedCardCache(dbA, load);
    const homeLists = sharedCardCache(dbA, load);
    expect(homeLists).toBe(search);
    await search.cardsByIds([1, 2]);
    await homeLists.cardsByIds([1, 2]);
    expect(loads).toEqual([[1, 2]]);
    expect(sharedCardCache(dbB, load)).not.toBe(search);
  });

  it('drops the rows a catalogue change reaches: its presets, and any row naming its restaurants', async () => {
    const { cache, loads, names } = setup(5);
    await cache.cardsByIds([1, 2, 3]);
    names.set(1, 'new 1');
    names.set(2, 'new 2');
    // preset 1 by id, preset 2 by its restaurant (20) in the cached row
    cache.forget({ chefIds: [20], presetIds: new Set([1]) });
    expect((await cache.cardsByIds([1, 2, 3])).map((r) => r.name)).toEqual(['new 1', 'new 2', 'p3']);
    cache.clear();
    await cache.cardsByIds([3]);
    expect(loads).toEqual([[1, 2, 3], [1, 2], [3]]);
  });

  it('keeps no rows that were loading across a forget', async () => {
    let release!: () => void;
    const cache = createCardCache((ids) => new Promise((r) => (release = () => r(ids.map((id) => row(id))))));
    const loading = cache.cardsByIds([7]);
    cache.forget({ chefIds: [], presetIds: new Set([7]) });
    release();
    expect((await loading).map((r) => r.id)).toEqual([7]);
    expect(cache.size).toBe(0);
  });
});
