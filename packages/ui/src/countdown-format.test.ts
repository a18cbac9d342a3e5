import { describe, expect, it } from 'vitest';
import { clockOffset, countdownParts, describeCountdown, formatCountdown, msUntil } from './countdown-format';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('countdown', () => {
  it('splits a span into days, hours, minutes and seconds', () => {
    expect(countdownParts(2 * d + 4 * h + 5 * m + 9 * s + 999)).toEqual({ days: 2, hours: 4, minutes: 5, seconds: 9 });
    expect(countdownParts(-5 * s)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('formats as a running clock, with days only when there are some', () => {
    expect(formatCountdown(2 * d + 4 * h + 5 * m + 9 * s)).toBe('2d 04:05:09');
    expect(formatCountdown(59 * m + 1 * s)).toBe('00:59:01');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(0)).toBe('Closed');
    expect(formatCountdown(-1)).toBe('Closed');
  });

  it('describes the span in words without seconds', () => {
    expect(describeCountdown(1 * d + 1 * h + 1 * m + 30 * s)).toBe('1 day, 1 hour, 1 minute left to order');
    expect(describeCountdown(2 * h + 30 * s)).toBe('2 hours, 0 minutes left to order');
    expect(describeCountdown(0)).toBe('Ordering has closed');
  });

  it("counts by the server's clock, not the browser's", () => {
    const browserNow = Date.parse('2026-11-22T12:00:00Z');
    const offset = clockOffset('2026-11-22T15:00:00Z', browserNow); // the server is 3 hours ahead
    expect(offset).toBe(3 * h);
    expect(msUntil('2026-11-22T16:00:00Z', browserNow, offset)).toBe(1 * h);
    expect(msUntil(null, browserNow, offset)).toBeNull();
    expect(clockOffset('not a date', browserNow)).toBe(0);
  });
});
