import { describe, expect, it } from 'vitest';
import { isSoldOut, soldOutLabel, soldOutMessage, soldOutUntil, soldOutUntilText } from './sold-out.js';

// Decision 053: an 86 ends at the restaurant's local midnight, after N hours, or never; whether
// something is sold out is its end compared with now.

describe('soldOutUntil', () => {
  it("ends 'until end of day' at the next local midnight of the restaurant's zone", () => {
    const now = new Date('2026-11-23T15:00:00Z'); // 10:00 in Toronto, 16:00 in Paris
    expect(soldOutUntil({ kind: 'end_of_day' }, now, 'America/Toronto')!.toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    );
    expect(soldOutUntil({ kind: 'end_of_day' }, now, 'Europe/Paris')!.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    // 23:30 EDT on the night the clocks go back: the next midnight is still EDT's (04:00Z)
    const late = new Date('2026-11-01T03:30:00Z'); // Oct 31, 23:30 EDT
    expect(soldOutUntil({ kind: 'end_of_day' }, late, 'America/Toronto')!.toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });

  it('ends after N hours (1 to 72), and never by itself until turned back on', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    expect(soldOutUntil({ kind: 'hours', hours: 4 }, now, 'America/Toronto')!.toISOString()).toBe(
      '2026-11-23T19:00:00.000Z',
    );
    expect(soldOutUntil({ kind: 'indefinitely' }, now, 'America/Toronto')).toBeNull();
    expect(() => soldOutUntil({ kind: 'hours', hours: 0 }, now, 'America/Toronto')).toThrow(RangeError);
    expect(() => soldOutUntil({ kind: 'hours', hours: 73 }, now, 'America/Toronto')).toThrow(RangeError);
  });
});

describe('isSoldOut and its words', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('compares the stored end with now', () => {
    expect(isSoldOut(null, now)).toBe(false);
    expect(isSoldOut('infinity', now)).toBe(true);
    expect(isSoldOut('2026-11-23T15:00:01Z', now)).toBe(true);
    expect(isSoldOut('2026-11-23T15:00:00Z', now)).toBe(false);
  });

  it('says until when, and refuses with the name (and the dish of an option)', () => {
    expect(soldOutUntilText('2026-11-24T05:00:00.000Z', now, 'America/Toronto')).toBe('until end of day');
    expect(soldOutUntilText('2026-11-23T19:00:00.000Z', now, 'America/Toronto')).toBe('until Nov 23, 2026, 2:00 PM');
    expect(soldOutUntilText('infinity', now, 'America/Toronto')).toBe('until turned back on');
    expect(soldOutMessage('Butter Chicken Tray', '2026-11-24T05:00:00.000Z', now, 'America/Toronto')).toBe(
      'Butter Chicken Tray is sold out today. Remove it to continue.',
    );
    expect(soldOutMessage('Raita', 'infinity', now, 'America/Toronto', 'Butter Chicken Tray')).toBe(
      'Raita (Butter Chicken Tray) is sold out. Remove it to continue.',
    );
  });

  it('labels a greyed-out dish with when it comes back, by the same rule and clock', () => {
    const tz = 'America/Toronto';
    expect(soldOutLabel(null, now, tz)).toBeNull();
    // an 86 that ran out is available again
    expect(soldOutLabel('2026-11-23T15:00:00.000Z', now, tz)).toBeNull();
    expect(soldOutLabel('2026-11-24T05:00:00.000Z', now, tz)).toBe('Sold out today');
    expect(soldOutLabel('2026-11-23T20:00:00.000Z', now, tz)).toBe('Sold out until 3:00 PM');
    expect(soldOutLabel('2026-11-24T09:30:00.000Z', now, tz)).toBe('Sold out until Nov 24, 2026, 4:30 AM');
    expect(soldOutLabel('infinity', now, tz)).toBe('Sold out');
    // the restaurant's day, not UTC's: 11 PM in Toronto is already tomorrow in UTC
    const late = new Date('2026-11-24T04:00:00Z');
    expect(soldOutLabel('2026-11-24T05:00:00.000Z', late, tz)).toBe('Sold out today');
    expect(soldOutLabel('2026-11-24T04:30:00.000Z', late, tz)).toBe('Sold out until 11:30 PM');
  });
});
