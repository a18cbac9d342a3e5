import { describe, expect, it } from 'vitest';
import { changesLockText, lockTime } from './changes-lock.js';

const tz = 'America/Toronto';
const now = new Date('2026-11-30T14:00:00Z'); // Monday 9:00 AM in Toronto

describe('changesLockText', () => {
  it("names the weekday within six days, in the restaurant's zone", () => {
    // Thursday 11:30 AM in Toronto
    expect(changesLockText(new Date('2026-12-03T16:30:00Z'), tz, now)).toBe(
      'Changes lock Thu 11:30 AM · cancelling is free until then',
    );
    // the same instant is 9:30 AM in Vancouver (UTC-7 all year)
    expect(lockTime(new Date('2026-12-03T16:30:00Z'), 'America/Vancouver', now)).toBe('Thu 9:30 AM');
  });

  it('says today for a lock later the same local day, and the date beyond six days', () => {
    expect(lockTime(new Date('2026-11-30T20:15:00Z'), tz, now)).toBe('today 3:15 PM');
    expect(lockTime(new Date('2026-12-10T16:30:00Z'), tz, now)).toBe('Thu, Dec 10, 11:30 AM');
  });

  it('is null once the lock has passed', () => {
    expect(changesLockText(now, tz, now)).toBeNull();
    expect(changesLockText(new Date(now.getTime() - 60_000), tz, now)).toBeNull();
  });
});
