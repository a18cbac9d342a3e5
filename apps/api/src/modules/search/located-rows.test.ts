import { describe, expect, it } from 'vitest';
import { createSnapshotIndex, locateRows } from './located-rows.js';

// The shared life of the search indexes in memory: snapshot age, answers per snapshot and their bounds.

describe('snapshot index', () => {
  function setup(options: { maxAnswers: number; maxSize?: number }) {
    let now = 0;
    let loads = 0;
    const reads: string[] = [];
    const index = createSnapshotIndex<{ size: number; n: number }, number[]>({
      load: () => Promise.resolve({ size: 1, n: ++loads }),
      ttlMs: 1_000,
      maxAnswers: options.maxAnswers,
      maxSize: options.maxSize,
      sizeOf: (a) => a.length,
      now: () => now,
    });
    const ask = async (key: string, size = 1) => {
      const { answer } = await index.current();
      return answer(key, () => {
        reads.push(key);
        return Promise.resolve(new Array<number>(size).fill(0));
      });
    };
    return { index, ask, reads, advance: (ms: number) => (now += ms), loads: () => loads };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('reads an answer once per snapshot and again after the snapshot is reloaded', async () => {
    const { index, ask, reads, advance, loads } = setup({ maxAnswers: 10 });
    await ask('a');
    await ask('a');
    expect(reads).toEqual(['a']);
    advance(1_001);
    expect((await index.current()).snapshot.n).toBe(2);
    await ask('a');
    expect(reads).toEqual(['a', 'a']);
    expect(loads()).toBe(2);
  });

  it('keeps at most maxAnswers, least recently used out first', async () => {
    const { ask, reads } = setup({ maxAnswers: 2 });
    await ask('a');
    await ask('b');
    await ask('a'); // a is now the most recent
    await ask('c');
    await settle();
    await ask('a');
    await ask('b'); // b was evicted
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps at most maxSize in total, but always the answer just read', async () => {
    const { ask, reads } = setup({ maxAnswers: 100, maxSize: 5 });
    await ask('small', 2);
    await ask('medium', 3);
    await ask('huge', 50);
    await settle();
    await ask('huge', 50);
    await ask('small', 2);
    expect(reads).toEqual(['small', 'medium', 'huge', 'small']);
  });

  it('shares a pending read between callers and forgets a failed one', async () => {
    const { index, ask, reads } = setup({ maxAnswers: 10 });
    const { answer } = await index.current();
    let fail = true;
    const read = () => {
      reads.push('x');
      return fail ? Promise.reject(new Error('database away')) : Promise.resolve([1]);
    };
    const both = [answer('x', read), answer('x', read)];
    await expect(Promise.all(both)).rejects.toThrow('database away');
    fail = false;
    expect(await answer('x', read)).toEqual([1]);
    expect(await ask('x')).toEqual([1]);
    expect(reads).toEqual(['x', 'x']);
  });

  it('does not keep an empty snapshot', async () => {
    let size = 0;
    let loads = 0;
    const index = createSnapshotIndex<{ size: number }, never>({
      load: () => {
        loads++;
        return Promise.resolve({ size });
      },
      ttlMs: 60_000,
      maxAnswers: 1,
    });
    await index.current();
    size = 3;
    expect((await index.current()).snapshot.size).toBe(3);
    await index.current();
    expect(loads).toBe(2);
  });
});

describe('snapshot index and catalogue changes (decision 056)', () => {
  it('reloads only when a listed preset changed after the snapshot was read, or is gone', async () => {
    let loads = 0;
    let rows: { id: number; preset_type: string; changed: boolean }[] = [];
    const asked: string[] = [];
    const index = createSnapshotIndex<{ size: number; n: number; has(id: number): boolean }, never>({
      load: () => Promise.resolve({ size: 2, n: ++loads, has: (id: number) => id === 1 || id === 2 }),
      visibleAt: () => Promise.resolve(`snapshot ${loads + 1}`),
      changedSince: (ids, at) => {
        asked.push(`${ids.join(',')} @ ${at}`);
        return Promise.resolve(rows.filter((r) => ids.includes(r.id)));
      },
      presetType: 'catering',
      ttlMs: 60_000,
      maxAnswers: 1,
    });
    await index.current();
    // the rows as the snapshot read them (a dish's price changed, not the presets)
    rows = [
      { id: 1, preset_type: 'catering', changed: false },
      { id: 2, preset_type: 'catering', changed: false },
      { id: 5, preset_type: 'restaurant', changed: true },
    ];
    expect(await index.reloadIfChanged(new Set([1, 5]))).toBe(false);
    expect((await index.current()).snapshot.n).toBe(1);
    // a new catering preset (not listed yet), then a listed one gone
    rows.push({ id: 3, preset_type: 'catering', changed: true });
    expect(await index.reloadIfChanged(new Set([3]))).toBe(true);
    expect((await index.current()).snapshot.n).toBe(2);
    rows = rows.filter((r) => r.id !== 2);
    expect(await index.reloadIfChanged(new Set([2]))).toBe(true);
    expect(asked).toEqual(['1,5 @ snapshot 1', '3 @ snapshot 1', '2 @ snapshot 2']);
    expect(await index.reloadIfChanged(new Set())).toBe(false);
  });

  it('reloads on every change when it cannot tell which rows changed', async () => {
    let loads = 0;
    const index = createSnapshotIndex<{ size: number }, never>({
      load: () => Promise.resolve({ size: ++loads }),
      ttlMs: 60_000,
      maxAnswers: 1,
    });
    await index.current();
    expect(await index.reloadIfChanged(new Set([1]))).toBe(true);
    expect((await index.current()).snapshot.size).toBe(2);
  });
});

describe('located rows', () => {
  it('lays rows out by position, NaN without a location', () => {
    const { ids, xyz, positionOf } = locateRows([
      { id: 7, x: 1, y: 2, z: 3 },
      { id: 9, x: null, y: null, z: null },
    ]);
    expect([...ids]).toEqual([7, 9]);
    expect([...xyz.subarray(0, 3)]).toEqual([1, 2, 3]);
    expect(Number.isNaN(xyz[3])).toBe(true);
    expect(positionOf.get(9)).toBe(1);
  });
});
