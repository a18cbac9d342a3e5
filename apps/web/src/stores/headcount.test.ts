import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../lib/storage';
import { headcountStore, setHeadcount } from './headcount';

describe('headcount store', () => {
  beforeEach(() => setHeadcount(null));

  it('keeps a whole number of people on the device', () => {
    setHeadcount(40);
    expect(headcountStore.get()).toBe(40);
    expect(storage.getHeadcount()).toBe(40);
  });

  it('ignores numbers outside 1 to 2,000 and fractions', () => {
    setHeadcount(25);
    for (const bad of [0, -3, 2001, 12.5, Number.NaN]) setHeadcount(bad);
    expect(headcountStore.get()).toBe(25);
  });

  it('clears with null', () => {
    setHeadcount(12);
    setHeadcount(null);
    expect(headcountStore.get()).toBeNull();
    expect(storage.getHeadcount()).toBeNull();
  });
});
