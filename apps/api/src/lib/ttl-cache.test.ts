import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

function setup(options: { maxEntries?: number; keep?: (v: string | undefined) => boolean } = {}) {
  let t = 0;
  const loads: string[] = [];
  const cache = createTtlCache<string, string | undefined>({ ttlMs: 1000, maxEntries: options.maxEntries ?? 3, keep: options.keep, now: () => t });
  const load = (key: string, ...value: [string | undefined] | []) => () => {
    loads.push(key);
    return Promise.resolve(value.length ? value[0] : `v-${key}`);
  };
  return { cache, loads, load, advance: (ms: number) => (t += ms) };
}

describe('ttl cache', () => {
  it('loads a key once, also for requests that ask while it loads', async () => {
    const { cache, loads, load } = setup();
    const [a, b] = await Promise.all([cache.get('a', load('a')), cache.get('a', load('a'))]);
    expect([a, b, await cache.get('a', load('a'))]).toEqual(['v-a', 'v-a', 'v-a']);
    expect(loads).toEqual(['a']);
  });

  it('reloads after the TTL, so a catalogue edit shows within it', async () => {
    const { cache, loads, load, advance } = setup();
    await cache.get('a', load('a', 'old'));
    advance(999);
    expect(await cache.get('a', load('a', 'new'))).toBe('old');
    advance(1);
    expect(await cache.get('a', load('a', 'new'))).toBe('new');
    expect(loads).toEqual(['a', 'a']);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache, loads, load } = setup({ maxEntries: 2 });
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // drops b
    expect(cache.size).toBe(2);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('answers but does not keep what keep refuses, nor a failed load', async () => {
    const { cache, loads, load } = setup({ keep: (v) => v !== undefined });
    expect(await cache.get('x', load('x', undefined))).toBeUndefined();
    expect(await cache.get('x', load('x', 'now'))).toBe('now');
    await expect(cache.get('y', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('y', load('y'))).toBe('v-y');
    expect(loads).toEqual(['x', 'x', 'y']);
  });
});
