// A small seeded PRNG so the demo catalogue is the same on every machine and every run.
// Math.random() is never used by the generator: same seed -> same rows.

/** 32-bit FNV-1a of a string; used to derive independent streams (one per city block, per image). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counter): good statistical quality, 4 words of state. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** float in [0, 1) */
  next: () => number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** picks by weight; weights need not sum to 1 */
  weighted<T>(list: readonly (readonly [T, number])[]): T;
  /** up to n distinct elements, in random order */
  sample<T>(list: readonly T[], n: number): T[];
  shuffle<T>(list: readonly T[]): T[];
}

export function createRng(seed: number | string): Rng {
  const s = typeof seed === 'number' ? `n${seed}` : seed;
  const next = sfc32(hash32(`a:${s}`), hash32(`b:${s}`), hash32(`c:${s}`), hash32(`d:${s}`));
  // warm up: the first outputs of a freshly seeded sfc32 are correlated with the seed
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick(list) {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[Math.floor(next() * list.length)] as (typeof list)[number];
    },
    weighted(list) {
      const total = list.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of list) {
        r -= w;
        if (r < 0) return value;
      }
      return (list[list.length - 1] as (typeof list)[number])[0];
    },
    sample(list, n) {
      return rng.shuffle(list).slice(0, Math.max(0, n));
    },
    shuffle(list) {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
      }
      return out;
    },
  };
  return rng;
}
