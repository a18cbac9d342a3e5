import { describe, expect, it } from 'vitest';
import { reliabilityText, type ReliabilityRecord } from './reliability.js';

const base: ReliabilityRecord = {
  days: 90,
  acceptedByPeople: 40,
  autoAccepted: 0,
  medianMinutesToAccept: 12.4,
  delivered: 50,
  onTimeRate: 0.987,
};

describe('reliabilityText', () => {
  it('reads the median minutes to confirm and the on-time share (rounded down), over the period', () => {
    expect(reliabilityText(base)).toBe('Usually confirms in 12 min · 98% on time, last 90 days');
  });

  it('says within a minute, or hours past 90 minutes', () => {
    expect(reliabilityText({ ...base, medianMinutesToAccept: 0.4 })).toBe(
      'Usually confirms within a minute · 98% on time, last 90 days',
    );
    expect(reliabilityText({ ...base, medianMinutesToAccept: 150 })).toBe(
      'Usually confirms in 3 h · 98% on time, last 90 days',
    );
  });

  it('says instantly for a restaurant that auto-accepts most orders', () => {
    expect(reliabilityText({ ...base, acceptedByPeople: 1, autoAccepted: 30, medianMinutesToAccept: 3 })).toBe(
      'Confirms orders instantly · 98% on time, last 90 days',
    );
  });

  it('leaves out what rests on fewer than five orders, and says nothing from nothing', () => {
    expect(reliabilityText({ ...base, delivered: 4 })).toBe('Usually confirms in 12 min, last 90 days');
    expect(reliabilityText({ ...base, acceptedByPeople: 4 })).toBe('98% on time, last 90 days');
    expect(
      reliabilityText({ ...base, acceptedByPeople: 2, delivered: 1, onTimeRate: 1, medianMinutesToAccept: 5 }),
    ).toBeNull();
  });
});
