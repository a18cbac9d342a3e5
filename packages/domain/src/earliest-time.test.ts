import { describe, expect, it } from 'vitest';
import { calendarScheduleProblems, deliveryInstant, type StoreHoursMap } from './availability.js';
import { toStoreHours, type WeeklyHours } from './calendar.js';
import {
  earliestDeliveryTime,
  earliestTimeLabel,
  refusalWhy,
  shortDeliveryText,
  type NamedStore,
  type RefusalInput,
} from './earliest-time.js';

const TORONTO = 'America/Toronto';
const at = (date: string, time: string) => deliveryInstant(date, time, TORONTO)!;
// lunch 11:00-14:00 and dinner 17:00-21:00 on weekdays, closed at weekends
const week = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    {
      enabled: d !== 'saturday' && d !== 'sunday',
      windows: [
        { open: '11:00', close: '14:00' },
        { open: '17:00', close: '21:00' },
      ],
    },
  ]),
) as WeeklyHours;
const hours: StoreHoursMap = toStoreHours(week);
const masala: NamedStore = { name: 'Masala House', storeHours: hours, timeZone: TORONTO, calendar: null };
// Monday 2026-11-30, 9:00 AM in Toronto
const now = at('2026-11-30', '09:00 AM');
const input = (delivery: Date, more: Partial<RefusalInput> = {}): RefusalInput => ({
  delivery,
  timeZone: TORONTO,
  stores: [masala],
  noticeHours: 24,
  now,
  newOrder: true,
  ...more,
});

describe('refusalWhy', () => {
  it('names the notice with the restaurant, or the dish that asks more', () => {
    expect(refusalWhy(input(at('2026-11-30', '12:00 PM')))).toBe("Masala House needs 24 hours' notice");
    expect(
      refusalWhy(input(at('2026-12-01', '12:00 PM'), { dishes: [{ name: 'Whole lamb', leadTimeHours: 48 }] })),
    ).toBe("Whole lamb needs 48 hours' notice");
    expect(refusalWhy(input(at('2026-11-30', '11:00 AM'), { noticeHours: 1, now: at('2026-11-30', '10:30 AM') }))).toBe(
      "Masala House needs 1 hour's notice",
    );
  });

  it('says a closed weekday, a closure (a holiday by name, the team’s reason kept private), and the hours', () => {
    expect(refusalWhy(input(at('2026-12-06', '12:00 PM')))).toBe('Closed on Sundays');
    const calendar = {
      closures: [{ starts_on: '2026-12-03', ends_on: '2026-12-03', windows: null, reason: 'Staff party' }],
    };
    expect(refusalWhy(input(at('2026-12-03', '12:00 PM'), { stores: [{ ...masala, calendar }] }))).toBe(
      'Closed on Dec 3',
    );
    const holiday = {
      closures: [
        {
          starts_on: '2026-12-25',
          ends_on: '2026-12-25',
          windows: null,
          reason: 'Xmas',
          holiday: '2026-12-25 Christmas Day',
        },
      ],
    };
    expect(refusalWhy(input(at('2026-12-25', '12:00 PM'), { stores: [{ ...masala, calendar: holiday }] }))).toBe(
      'Closed on Dec 25 (Christmas Day)',
    );
    expect(refusalWhy(input(at('2026-12-03', '09:30 AM')))).toBe('Opens at 11:00 AM');
    expect(refusalWhy(input(at('2026-12-03', '03:00 PM')))).toBe(
      'Closed at 3:00 PM (open 11:00 AM – 2:00 PM, 5:00 PM – 9:00 PM)',
    );
  });

  it('puts a pause first for a new order only, and answers null for a time that works', () => {
    const calendar = { paused_until: '2026-12-01T17:00:00.000Z', pause_reason: null };
    expect(refusalWhy(input(at('2026-12-03', '12:00 PM'), { stores: [{ ...masala, calendar }] }))).toBe(
      'Masala House is not taking new orders until Dec 1, 2026, 12:00 PM',
    );
    expect(
      refusalWhy(input(at('2026-12-03', '12:00 PM'), { stores: [{ ...masala, calendar }], newOrder: false })),
    ).toBeNull();
    expect(refusalWhy(input(at('2026-12-03', '12:00 PM')))).toBeNull();
  });
});

describe('earliestDeliveryTime', () => {
  it('offers the first time past the notice, one the server rule takes', () => {
    const earliest = earliestDeliveryTime(input(at('2026-11-30', '12:00 PM')))!;
    expect(earliest).toEqual(at('2026-12-01', '11:00 AM'));
    expect(calendarScheduleProblems({ ...input(earliest) }, true)).toEqual([]);
    expect(earliestTimeLabel(shortDeliveryText(earliest, TORONTO))).toBe('Deliver Tue, Dec 1 at 11:00 AM instead');
  });

  it('looks from the chosen time on, as the next available time of cards and pages does', () => {
    expect(earliestDeliveryTime(input(at('2026-12-03', '09:30 AM')))).toEqual(at('2026-12-03', '11:00 AM'));
    expect(earliestDeliveryTime(input(at('2026-12-03', '03:00 PM')))).toEqual(at('2026-12-03', '05:00 PM'));
    // Sunday: Monday's lunch
    expect(earliestDeliveryTime(input(at('2026-12-06', '12:00 PM')))).toEqual(at('2026-12-07', '11:00 AM'));
  });

  it('keeps every restaurant of the order and a dish’s longer lead time', () => {
    const lateOpener: NamedStore = {
      ...masala,
      name: 'Dinner Only',
      storeHours: toStoreHours({ ...week, tuesday: { enabled: true, windows: [{ open: '17:00', close: '21:00' }] } }),
    };
    expect(earliestDeliveryTime(input(at('2026-11-30', '12:00 PM'), { stores: [masala, lateOpener] }))).toEqual(
      at('2026-12-01', '05:00 PM'),
    );
    expect(
      earliestDeliveryTime(input(at('2026-11-30', '12:00 PM'), { dishes: [{ name: 'Lamb', leadTimeHours: 48 }] })),
    ).toEqual(at('2026-12-02', '11:00 AM'));
  });

  it('offers nothing while paused for a new order, or when nothing opens', () => {
    const paused = { paused_until: '2026-12-01T17:00:00.000Z' };
    expect(
      earliestDeliveryTime(input(at('2026-11-30', '12:00 PM'), { stores: [{ ...masala, calendar: paused }] })),
    ).toBeNull();
    const closed = {
      closures: [{ starts_on: '2026-11-01', ends_on: '2027-01-31', windows: null, reason: 'Renovation' }],
    };
    expect(
      earliestDeliveryTime(input(at('2026-12-01', '12:00 PM'), { stores: [{ ...masala, calendar: closed }] })),
    ).toBeNull();
  });
});
