import { describe, expect, it } from 'vitest';
import {
  availableTimeSlots,
  displayTime,
  isTimeSlot,
  minutesToTime12,
  normalizeTime12,
  time12To24,
  time12ToMinutes,
  time24To12,
  timeSlots,
} from './time-slots.js';

describe('timeSlots', () => {
  const slots = timeSlots();
  it('runs every 15 minutes from 5:00 AM until midnight closes the day', () => {
    expect(slots[0]).toBe('05:00 AM');
    expect(slots[1]).toBe('05:15 AM');
    expect(slots).toContain('11:30 AM');
    expect(slots).toContain('12:00 PM');
    expect(slots.at(-1)).toBe('11:45 PM');
    expect(slots).toHaveLength(76);
    expect(new Set(slots).size).toBe(76);
  });
  it('offers no midnight: 12:00 AM of a date would be sent as the start of that date (issue 17 part 5)', () => {
    expect(slots).not.toContain('12:00 AM');
    expect(isTimeSlot('12:00 AM')).toBe(false);
    // every slot, sent as HH:mm next to its date, is a time later on that same date
    for (const s of slots) expect(time12To24(s)! > '00:00', s).toBe(true);
    expect(slots.map((s) => time12To24(s)).at(-1)).toBe('23:45');
  });
  it('uses the zero-padded hh:mm a format throughout', () => {
    for (const s of slots) expect(s).toMatch(/^(0[1-9]|1[0-2]):(00|15|30|45) (AM|PM)$/);
  });
});

describe('12-hour <-> 24-hour', () => {
  it('converts both ways', () => {
    expect(time12To24('12:00 AM')).toBe('00:00');
    expect(time12To24('05:00 AM')).toBe('05:00');
    expect(time12To24('11:30 AM')).toBe('11:30');
    expect(time12To24('12:15 PM')).toBe('12:15');
    expect(time12To24('01:45 PM')).toBe('13:45');
    expect(time12To24('11:59 pm')).toBe('23:59');
    expect(time24To12('00:00')).toBe('12:00 AM');
    expect(time24To12('13:45')).toBe('01:45 PM');
    expect(time24To12('9:05')).toBe('09:05 AM');
  });
  it('round-trips every slot', () => {
    for (const s of timeSlots()) expect(time24To12(time12To24(s)!)).toBe(s);
  });
  it('rejects invalid input', () => {
    for (const bad of ['', '13:00 PM', '00:30 AM', '10:60 AM', '10:00', 'noon', '10:00 XM'])
      expect(time12ToMinutes(bad), bad).toBeNull();
    for (const bad of ['24:00', '12:60', '1200', '']) expect(time24To12(bad), bad).toBeNull();
  });
  it('normalises spellings and displays without the leading zero', () => {
    expect(normalizeTime12('5:00 am')).toBe('05:00 AM');
    expect(normalizeTime12('11:30AM')).toBe('11:30 AM');
    expect(minutesToTime12(1440)).toBe('12:00 AM');
    expect(displayTime('05:00 AM')).toBe('5:00 AM');
    expect(displayTime('11:30 AM')).toBe('11:30 AM');
  });
  it('knows which values are slots', () => {
    expect(isTimeSlot('11:30 AM')).toBe(true);
    expect(isTimeSlot('5:15 am')).toBe(true);
    expect(isTimeSlot('04:45 AM')).toBe(false);
    expect(isTimeSlot('11:31 AM')).toBe(false);
  });
});

describe('availableTimeSlots', () => {
  const now = new Date(2026, 10, 20, 13, 7, 30); // Nov 20, 1:07:30 PM local
  it('offers every slot on a later date', () => {
    expect(availableTimeSlots('2026-11-21', now)).toEqual(timeSlots());
  });
  it('offers nothing on a past date', () => {
    expect(availableTimeSlots('2026-11-19', now)).toEqual([]);
  });
  it('hides the slots already past today', () => {
    const today = availableTimeSlots('2026-11-20', now);
    expect(today[0]).toBe('01:15 PM');
    expect(today).not.toContain('01:00 PM');
    expect(today.at(-1)).toBe('11:45 PM');
  });
  it('keeps a slot that starts exactly now', () => {
    expect(availableTimeSlots('2026-11-20', new Date(2026, 10, 20, 13, 15, 0, 0))[0]).toBe('01:15 PM');
    expect(availableTimeSlots('2026-11-20', new Date(2026, 10, 20, 13, 15, 0, 1))[0]).toBe('01:30 PM');
  });
  it('before 5 AM today offers the whole day; after 11:45 PM nothing is left', () => {
    expect(availableTimeSlots('2026-11-20', new Date(2026, 10, 20, 3, 0))).toEqual(timeSlots());
    expect(availableTimeSlots('2026-11-20', new Date(2026, 10, 20, 23, 45))).toEqual(['11:45 PM']);
    expect(availableTimeSlots('2026-11-20', new Date(2026, 10, 20, 23, 50))).toEqual([]);
  });
});
