import { describe, expect, it } from 'vitest';
import { formatInstant, secondsToDisplayTime, secondsToTimeInput, timeInputToSeconds } from './time';

describe('times of day', () => {
  it('round-trips seconds of the day and the time input', () => {
    expect(secondsToTimeInput(17 * 3600)).toBe('17:00');
    expect(secondsToTimeInput(11 * 3600 + 30 * 60)).toBe('11:30');
    expect(timeInputToSeconds('11:30')).toBe(41_400);
    expect(timeInputToSeconds('07:05:09')).toBe(7 * 3600 + 5 * 60 + 9);
    expect(timeInputToSeconds('')).toBeNull();
    expect(timeInputToSeconds('24:00')).toBeNull();
  });

  it('shows 12-hour times', () => {
    expect(secondsToDisplayTime(0)).toBe('12:00 AM');
    expect(secondsToDisplayTime(41_400)).toBe('11:30 AM');
    expect(secondsToDisplayTime(17 * 3600)).toBe('5:00 PM');
  });

  it('shows an instant in the zone where it happens', () => {
    expect(formatInstant('2026-11-26T22:00:00Z', 'America/Toronto')).toMatch(/5:00\s?p\.?m\.?/i);
    expect(formatInstant(null, 'America/Toronto')).toBe('Not set');
  });
});
