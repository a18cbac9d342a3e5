import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareIsoDates,
  formatDisplayDate,
  formatIsoDate,
  lastPickableDate,
  parseIsoDate,
  pickedDateTooFar,
  startOfDay,
} from './dates.js';

describe('formatIsoDate', () => {
  it('uses the local calendar day, zero-padded', () => {
    expect(formatIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(formatIsoDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('parseIsoDate', () => {
  it('gives local midnight of a valid date', () => {
    const d = parseIsoDate('2026-03-08');
    expect(d).not.toBeNull();
    expect([d!.getFullYear(), d!.getMonth(), d!.getDate(), d!.getHours()]).toEqual([2026, 2, 8, 0]);
  });
  it('rejects malformed and impossible dates', () => {
    for (const bad of [
      '',
      '2026-3-8',
      '2026/03/08',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      'tomorrow',
      '2026-03-08T10:00',
    ]) {
      expect(parseIsoDate(bad), bad).toBeNull();
    }
  });
  it('round-trips with formatIsoDate', () => {
    for (const s of ['2024-02-29', '2026-11-01', '1999-12-31']) expect(formatIsoDate(parseIsoDate(s)!)).toBe(s);
  });
});

describe('addDays and startOfDay', () => {
  it('crosses month and year ends', () => {
    expect(formatIsoDate(addDays(new Date(2026, 11, 30, 10), 3))).toBe('2027-01-02');
    expect(formatIsoDate(addDays(new Date(2024, 1, 27), 2))).toBe('2024-02-29');
  });
  it('keeps the time of day', () => {
    const d = addDays(new Date(2026, 5, 1, 14, 45), 1);
    expect([d.getHours(), d.getMinutes()]).toEqual([14, 45]);
  });
  it('startOfDay drops the time', () => {
    const d = startOfDay(new Date(2026, 5, 1, 14, 45, 12, 5));
    expect(d.getTime()).toBe(new Date(2026, 5, 1).getTime());
  });
});

describe('compareIsoDates and formatDisplayDate', () => {
  it('orders dates', () => {
    expect(compareIsoDates('2026-01-09', '2026-01-10')).toBe(-1);
    expect(compareIsoDates('2026-01-10', '2026-01-10')).toBe(0);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBe(1);
  });
  it('formats a short English label', () => {
    expect(formatDisplayDate('2026-11-25')).toBe('Wed, Nov 25');
    expect(formatDisplayDate('nonsense')).toBe('nonsense');
  });
});

describe('the date pickers stop at 90 days', () => {
  const now = new Date(2026, 10, 26, 23, 30); // late evening on this device
  it('offer today + 90 days on this device', () => {
    expect(lastPickableDate(now)).toBe('2027-02-24');
    expect(lastPickableDate(new Date(2026, 2, 2, 9, 0))).toBe('2026-05-31');
  });
  it('give the horizon message for a later date only', () => {
    expect(pickedDateTooFar('2027-02-24', now)).toBeNull();
    expect(pickedDateTooFar('2027-02-25', now)).toBe(
      'Orders can be placed at most 90 days ahead. Please select a delivery date on or before 2027-02-24.',
    );
    expect(pickedDateTooFar('not a date', now)).toBeNull();
  });
});
