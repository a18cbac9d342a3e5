import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

function setup(options: { maxEntries?: number; keep?: (v: string | undefined) => boolean } = {}) {
  let t = 0;
  const loads: string[] = [];
  const cache = createTtlCache<string, string | undefined>({
    ttlMs: 1000,
    maxEntries: options.maxEntries ?? 3,
    keep: options.keep,
    now: () => t,
  });
  const load =
    (key: string, ...value: [string | undefined] | []) =>
    () => {
      loads.push(key);
      return Promise.resolve(value.length ? value[0] : `v-${key}`);
    };
  return { cache, loads, load, advance: (ms: number) => (t += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

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
    advance(799);
    expect(await cache.get('a', load('a', 'new'))).toBe('old');
    advance(202);
    expect(await cache.get('a', load('a', 'new'))).toBe('new');
    expect(loads).toEqual(['a', 'a']);
  });

  it('refreshes a value in use in the last fifth of its TTL while still serving it, never past the TTL', async () => {
    const { cache, loads, load, advance } = setup();
    await cache.get('a', load('a', 'v1'));
    advance(800);
    expect(await cache.get('a', load('a', 'v2'))).toBe('v1'); // served, reload started
    await settle();
    expect(await cache.get('a', load('a', 'v3'))).toBe('v2'); // the reload's value, no third load
    advance(999); // v2 is 999 ms old: still served; refreshing again
    let finish!: (v: string) => void;
    const slow = () => {
      loads.push('a');
      return new Promise<string>((resolve) => (finish = resolve));
    };
    expect(await cache.get('a', slow)).toBe('v2');
    advance(1); // v2 has expired while its reload runs: requests wait for the reload
    const waiting = cache.get('a', load('a', 'never'));
    finish('v4');
    expect(await waiting).toBe('v4');
    expect(loads).toEqual(['a', 'a', 'a']);
  });

  it('forgets a value whose refresh finds it gone', async () => {
    const { cache, load, advance } = setup({ keep: (v) => v !== undefined });
    await cache.get('a', load('a', 'v1'));
    advance(900);
    expect(await cache.get('a', load('a', undefined))).toBe('v1');
    await settle(); // the refresh has finished
    expect(await cache.get('a', load('a', 'back'))).toBe('back');
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

  it('forgets values at once, and keeps no load that was running across a forget (decision 056)', async () => {
    const { cache, loads, load } = setup();
    await cache.get('a', load('a', 'old'));
    await cache.get('b', load('b', 'b1'));
    cache.forget('a');
    expect(await cache.get('a', load('a', 'new'))).toBe('new');
    cache.forgetWhere((v) => v === 'b1');
    expect(await cache.get('b', load('b', 'b2'))).toBe('b2');
    // a load that read the old rows before a forget answers its caller but is not kept
    let release!: () => void;
    const slow = cache.get('c', () => new Promise<string>((r) => (release = () => r('read before'))));
    cache.clear();
    release();
    expect(await slow).toBe('read before');
    expect(await cache.get('c', load('c', 'read after'))).toBe('read after');
    expect(loads).toEqual(['a', 'b', 'a', 'b', 'c']);
  });

  it('refreshes while serving the old value, and waits for a load started after it was asked', async () => {
    const { cache, load } = setup();
    await cache.get('s', load('s', 'v1'));
    let release!: () => void;
    const refreshed = cache.refresh('s', () => new Promise<string>((r) => (release = () => r('v2'))));
    expect(await cache.get('s', load('s', 'never'))).toBe('v1'); // the old value serves meanwhile
    release();
    await refreshed;
    expect(await cache.get('s', load('s', 'never'))).toBe('v2');
    // a refresh asked while another load runs waits for one more load after it
    let first!: () => void;
    const running = cache.refresh('s', () => new Promise<string>((r) => (first = () => r('v3'))));
    const after = cache.refresh('s', load('s', 'v4'));
    first();
    await Promise.all([running, after]);
    expect(await cache.get('s', load('s', 'never'))).toBe('v4');
  });
});
