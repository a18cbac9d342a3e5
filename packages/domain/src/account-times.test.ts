import { describe, expect, it } from 'vitest';
import {
  accountSecondsOfDay,
  accountTimeZone,
  isAccountTimeValue,
  nextOccurrenceEpochSeconds,
} from './account-times.js';

const epoch = (iso: string) => Date.parse(iso) / 1000;

describe('accountTimeZone', () => {
  it('reads the province or state, California only in the US', () => {
    expect(accountTimeZone('ON', 'CA')).toBe('America/Toronto');
    expect(accountTimeZone('bc', 'CA')).toBe('America/Vancouver');
    expect(accountTimeZone('CA', 'US')).toBe('America/Los_Angeles');
    expect(accountTimeZone('CA', 'CA')).toBe('America/Toronto');
    expect(accountTimeZone('IL', 'US')).toBe('America/Chicago');
    expect(accountTimeZone('', 'CA')).toBe('America/Toronto');
  });
});

describe('accountSecondsOfDay', () => {
  it('takes seconds of the day as they are', () => {
    expect(accountSecondsOfDay(61_200, 'America/Toronto')).toBe(61_200);
    expect(accountSecondsOfDay(0, 'America/Toronto')).toBe(0);
  });

  it("reads epoch seconds as the time of day in the account's zone", () => {
    // the value: 1795730400 = 2026-11-26T22:00:00Z = 5:00 PM in Toronto, 4:00 PM in Chicago
    expect(accountSecondsOfDay(1_795_730_400, 'America/Toronto')).toBe(17 * 3600);
    expect(accountSecondsOfDay(1_795_730_400, 'America/Chicago')).toBe(16 * 3600);
  });

  it('reads times on DST days by the offset of that instant', () => {
    // 2026-03-08: Toronto springs forward at 2:00; 11:30 that day is EDT (UTC-4)
    expect(accountSecondsOfDay(epoch('2026-03-08T15:30:00Z'), 'America/Toronto')).toBe(11 * 3600 + 30 * 60);
    // 2026-11-01: back to EST (UTC-5) at 2:00; 17:00 that day is 22:00Z
    expect(accountSecondsOfDay(epoch('2026-11-01T22:00:00Z'), 'America/Toronto')).toBe(17 * 3600);
  });

  it('refuses negatives, fractions and instants past 2099', () => {
    for (const v of [-60, 61_200.5, 4_102_444_800]) {
      expect(isAccountTimeValue(v)).toBe(false);
      expect(accountSecondsOfDay(v, 'America/Toronto')).toBeNull();
    }
  });
});

describe('nextOccurrenceEpochSeconds', () => {
  it("answers today's time when still ahead, else tomorrow's", () => {
    const morning = new Date('2026-11-27T14:00:00Z'); // 9:00 in Toronto
    expect(nextOccurrenceEpochSeconds(17 * 3600, 'America/Toronto', morning)).toBe(epoch('2026-11-27T22:00:00Z'));
    expect(nextOccurrenceEpochSeconds(8 * 3600, 'America/Toronto', morning)).toBe(epoch('2026-11-28T13:00:00Z'));
  });

  it('keeps the wall time across a DST change', () => {
    // the evening before springing forward: 11:30 next day is 15:30Z (EDT), not 16:30Z
    expect(nextOccurrenceEpochSeconds(41_400, 'America/Toronto', new Date('2026-03-08T01:00:00Z'))).toBe(
      epoch('2026-03-08T15:30:00Z'),
    );
    // a time the clocks skip (2:30 on 2026-03-08) lands just after the gap
    const skipped = nextOccurrenceEpochSeconds(2 * 3600 + 30 * 60, 'America/Toronto', new Date('2026-03-08T05:00:00Z'));
    expect(accountSecondsOfDay(skipped, 'America/Toronto')).toBe(3 * 3600 + 30 * 60);
  });

  it('round-trips through accountSecondsOfDay', () => {
    const now = new Date('2026-06-15T03:00:00Z');
    for (const zone of ['America/Toronto', 'America/Vancouver', 'America/St_Johns']) {
      for (const s of [0, 41_400, 61_200, 86_340])
        expect(accountSecondsOfDay(nextOccurrenceEpochSeconds(s, zone, now), zone)).toBe(s);
    }
  });
});
