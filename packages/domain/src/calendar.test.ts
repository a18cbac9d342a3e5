import { describe, expect, it } from 'vitest';
import {
  availableForOrdering,
  deliveryInstant,
  calendarScheduleProblems,
  deliveryScheduleProblems,
  pauseMessages,
  pauseCheck,
  calendarHoursCheck,
  type CalendarClosure,
  type StoreHoursMap,
} from './availability.js';
import {
  calendarMessages,
  closureProblems,
  endOfLocalDay,
  fromStoreHours,
  nextOpenTime,
  openDeliveryTimes,
  pauseProblems,
  toStoreHours,
  weeklyHoursProblems,
  windowProblems,
  type WeeklyHours,
} from './calendar.js';
import { messages } from './messages.js';
import { isCurrentlyOpen } from './store-open.js';

const TORONTO = 'America/Toronto';
const twoWindows = [
  { open: '07:00', close: '10:30' },
  { open: '11:00', close: '14:00' },
];
const everyDay = (windows = twoWindows) =>
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { enabled: true, windows },
    ]),
  ) as WeeklyHours;
const hours: StoreHoursMap = toStoreHours(everyDay());
const at = (date: string, time: string, zone = TORONTO) => deliveryInstant(date, time, zone)!;

describe('weekly windows', () => {
  it('keeps open/close as the span of the day for readers of one window', () => {
    expect(hours.monday).toEqual({ enabled: true, open: '07:00', close: '14:00', windows: twoWindows });
    expect(fromStoreHours(hours).monday).toEqual({ enabled: true, windows: twoWindows });
  });

  it('reads hours written before the calendar as one window a day', () => {
    expect(fromStoreHours({ monday: { enabled: true, open: '09:00', close: '17:00' } }).monday).toEqual({
      enabled: true,
      windows: [{ open: '09:00', close: '17:00' }],
    });
    expect(fromStoreHours({}).sunday).toEqual({ enabled: false, windows: [] });
  });

  it('takes a delivery inside a window (both ends included) and refuses the gap between them', () => {
    // 2026-12-07 is a Monday
    expect(calendarHoursCheck(hours, at('2026-12-07', '07:00'), TORONTO).ok).toBe(true);
    expect(calendarHoursCheck(hours, at('2026-12-07', '10:30'), TORONTO).ok).toBe(true);
    expect(calendarHoursCheck(hours, at('2026-12-07', '14:00'), TORONTO).ok).toBe(true);
    const gap = calendarHoursCheck(hours, at('2026-12-07', '10:45'), TORONTO);
    expect(gap).toEqual({
      ok: false,
      reason: 'outside_hours',
      message: 'This restaurant accepts orders between ( 07:00 AM - 10:30 AM, 11:00 AM - 02:00 PM ) on selected day!',
    });
  });

  it("keeps the spec's message exactly for one window", () => {
    const one = toStoreHours(everyDay([{ open: '09:00', close: '17:00' }]));
    const r = calendarHoursCheck(one, at('2026-12-07', '18:00'), TORONTO);
    expect(r.ok ? '' : r.message).toBe(messages.outsideStoreHours('09:00 AM', '05:00 PM'));
  });

  it("lets the browser's check (the day's span) accept what the server's accepts", () => {
    // the gap between windows passes the span check; the server's calendar rule refuses it
    const input = {
      delivery: at('2026-12-07', '10:45'),
      timeZone: TORONTO,
      stores: [{ storeHours: hours, timeZone: TORONTO }],
      noticeHours: 0,
      now: new Date('2026-12-01T00:00:00Z'),
    };
    expect(deliveryScheduleProblems(input)).toEqual([]);
    expect(calendarScheduleProblems(input, true)).toHaveLength(1);
  });

  it("is open in the store-hours modal within one of the day's windows, closed between them", () => {
    expect(isCurrentlyOpen(hours, at('2026-12-07', '06:45'), TORONTO)).toBe(false);
    expect(isCurrentlyOpen(hours, at('2026-12-07', '08:00'), TORONTO)).toBe(true);
    expect(isCurrentlyOpen(hours, at('2026-12-07', '10:45'), TORONTO)).toBe(false);
    expect(isCurrentlyOpen(hours, at('2026-12-07', '11:15'), TORONTO)).toBe(true);
  });

  it('validates windows: format, quarter hours, order, overlaps, 24:00 as the end only', () => {
    expect(windowProblems([{ open: '07:00', close: '24:00' }], 'Monday')).toEqual([]);
    expect(windowProblems([{ open: '7:00', close: '10:00' }], 'Monday')).toEqual([calendarMessages.badTime('Monday')]);
    expect(windowProblems([{ open: '24:00', close: '24:00' }], 'Monday')).toEqual([calendarMessages.badTime('Monday')]);
    expect(windowProblems([{ open: '07:10', close: '10:00' }], 'Monday')).toEqual([
      calendarMessages.notOnStep('Monday'),
    ]);
    expect(windowProblems([{ open: '10:00', close: '10:00' }], 'Monday')).toEqual([
      calendarMessages.closeBeforeOpen('Monday'),
    ]);
    expect(
      windowProblems(
        [
          { open: '11:00', close: '14:00' },
          { open: '07:00', close: '11:15' },
        ],
        'Monday',
      ),
    ).toEqual([calendarMessages.overlap('Monday')]);
    // touching windows do not overlap
    expect(
      windowProblems(
        [
          { open: '07:00', close: '11:00' },
          { open: '11:00', close: '14:00' },
        ],
        'Monday',
      ),
    ).toEqual([]);
    const week = everyDay();
    week.tuesday = { enabled: true, windows: [] };
    expect(weeklyHoursProblems(week)).toEqual([calendarMessages.openDayNeedsWindow('Tuesday')]);
  });
});

describe('closures and one-off changes', () => {
  const closures: CalendarClosure[] = [
    { starts_on: '2026-12-24', ends_on: '2026-12-26', windows: null, reason: 'Christmas' },
    {
      starts_on: '2026-12-31',
      ends_on: '2026-12-31',
      windows: [{ open: '08:00', close: '12:00' }],
      reason: 'Short day',
    },
  ];

  it('closes every date of the range, in the restaurant zone', () => {
    expect(calendarHoursCheck(hours, at('2026-12-24', '11:00'), TORONTO, closures)).toMatchObject({
      ok: false,
      reason: 'closed',
      message: messages.storeClosedOnDay,
    });
    expect(calendarHoursCheck(hours, at('2026-12-26', '13:45'), TORONTO, closures).ok).toBe(false);
    expect(calendarHoursCheck(hours, at('2026-12-27', '11:00'), TORONTO, closures).ok).toBe(true);
  });

  it('judges a delivery by its local date, not the UTC date', () => {
    // 2026-12-23 22:30 in Toronto is 2026-12-24 03:30 UTC: not in the closure
    const allDay = toStoreHours(everyDay([{ open: '00:15', close: '24:00' }]));
    const lateEve = at('2026-12-23', '22:30');
    expect(lateEve.toISOString().slice(0, 10)).toBe('2026-12-24');
    expect(calendarHoursCheck(allDay, lateEve, TORONTO, closures).ok).toBe(true);
    // 00:30 on the day after the closure ends is open again
    expect(calendarHoursCheck(allDay, at('2026-12-27', '00:30'), TORONTO, closures).ok).toBe(true);
    // the same instant in Vancouver is still 2026-12-23 19:30 there; in Toronto the 24th has begun at 00:30
    expect(calendarHoursCheck(allDay, at('2026-12-24', '00:30'), TORONTO, closures).ok).toBe(false);
    expect(calendarHoursCheck(allDay, at('2026-12-24', '00:30'), 'America/Vancouver', closures).ok).toBe(true);
  });

  it("replaces the weekday's windows on a one-off change's dates", () => {
    expect(calendarHoursCheck(hours, at('2026-12-31', '09:00'), TORONTO, closures).ok).toBe(true);
    expect(calendarHoursCheck(hours, at('2026-12-31', '13:00'), TORONTO, closures)).toMatchObject({
      ok: false,
      message: messages.outsideStoreHours('08:00 AM', '12:00 PM'),
    });
  });

  it('closes a restaurant without weekly hours on its closures', () => {
    expect(calendarHoursCheck({}, at('2026-12-25', '12:00'), TORONTO, closures).ok).toBe(false);
    expect(calendarHoursCheck({}, at('2026-12-28', '12:00'), TORONTO, closures).ok).toBe(true);
  });

  it('validates a closure: dates, order, past, reason, overlap, cap', () => {
    const ok = { starts_on: '2027-01-02', ends_on: '2027-01-03', windows: null, reason: 'Inventory' };
    const context = { today: '2026-12-01', existing: closures };
    expect(closureProblems(ok, context)).toEqual([]);
    expect(closureProblems({ ...ok, ends_on: '2027-01-01' }, context)).toEqual([calendarMessages.endBeforeStart]);
    expect(closureProblems({ ...ok, starts_on: '2026-02-30' }, context)).toEqual([calendarMessages.badDate]);
    expect(closureProblems({ ...ok, starts_on: '2026-11-01', ends_on: '2026-11-02' }, context)).toEqual([
      calendarMessages.inThePast,
    ]);
    expect(closureProblems({ ...ok, reason: '  ' }, context)).toEqual([calendarMessages.reasonRequired]);
    expect(closureProblems({ ...ok, starts_on: '2026-12-26', ends_on: '2026-12-28' }, context)).toEqual([
      calendarMessages.overlapsClosure('2026-12-24', '2026-12-26', 'Christmas'),
    ]);
    expect(closureProblems({ ...ok, ends_on: '2028-01-10' }, context)).toEqual([calendarMessages.tooLong]);
    const many = Array.from({ length: 100 }, (_, i) => ({
      starts_on: `2030-01-${String((i % 28) + 1).padStart(2, '0')}`,
      ends_on: `2030-01-${String((i % 28) + 1).padStart(2, '0')}`,
      windows: null,
      reason: 'x',
    }));
    expect(closureProblems(ok, { today: '2026-12-01', existing: many })).toEqual([calendarMessages.tooManyClosures]);
  });
});

describe('DST days', () => {
  it('windows keep their wall-clock times across the spring and autumn changes', () => {
    // 2027-03-14 (Sunday) Toronto springs forward at 02:00; 2026-11-01 (Sunday) falls back
    expect(calendarHoursCheck(hours, at('2027-03-14', '07:00'), TORONTO).ok).toBe(true);
    expect(calendarHoursCheck(hours, at('2026-11-01', '13:45'), TORONTO).ok).toBe(true);
    expect(calendarHoursCheck(hours, at('2026-11-01', '14:15'), TORONTO).ok).toBe(false);
  });

  it('lists no delivery time in the hour skipped in spring', () => {
    const night = toStoreHours(everyDay([{ open: '01:00', close: '04:00' }]));
    const times = [
      ...openDeliveryTimes({
        storeHours: night,
        timeZone: TORONTO,
        noticeHours: 0,
        now: new Date('2027-03-01T00:00:00Z'),
        from: at('2027-03-14', '01:00'),
        days: 1,
      }),
    ].map((t) => t.toISOString());
    // 01:00-01:45 EST and 03:00-04:00 EDT: 4 + 5 quarter hours, none twice
    expect(times).toHaveLength(9);
    expect(new Set(times).size).toBe(9);
  });
});

describe('the pause', () => {
  const calendar = { paused_until: '2026-12-07T23:00:00.000Z', pause_reason: 'Kitchen repair' };
  const during = new Date('2026-12-07T15:00:00Z');

  it('refuses an order placed during it whatever its delivery time, with the reason', () => {
    const r = pauseCheck(calendar, during, TORONTO);
    expect(r).toEqual({
      ok: false,
      reason: 'paused',
      message: pauseMessages.pausedUntil('Dec 7, 2026, 6:00 PM', 'Kitchen repair'),
    });
    const problems = calendarScheduleProblems(
      {
        delivery: at('2026-12-14', '12:00'),
        timeZone: TORONTO,
        stores: [{ storeHours: hours, timeZone: TORONTO, calendar }],
        noticeHours: 24,
        now: during,
      },
      true,
    );
    expect(problems).toEqual([pauseMessages.pausedUntil('Dec 7, 2026, 6:00 PM', 'Kitchen repair')]);
    // an edit of a placed order is not a new order: the pause does not refuse it
    expect(
      calendarScheduleProblems(
        {
          delivery: at('2026-12-14', '12:00'),
          timeZone: TORONTO,
          stores: [{ storeHours: hours, timeZone: TORONTO, calendar }],
          noticeHours: 24,
          now: during,
        },
        false,
      ),
    ).toEqual([]);
  });

  it('takes orders placed after it, for any delivery the other rules allow', () => {
    expect(pauseCheck(calendar, new Date('2026-12-07T23:00:00Z'), TORONTO).ok).toBe(true);
    expect(pauseCheck({ paused_until: null }, during, TORONTO).ok).toBe(true);
  });

  it('marks the restaurant unavailable (paused) on the storefront', () => {
    const base = {
      storeHours: hours,
      timeZone: TORONTO,
      noticeHours: 24,
      radiusKm: 10,
      distanceKm: 2,
      deliveryInstant: at('2026-12-14', '12:00'),
      now: during,
    };
    expect(availableForOrdering({ ...base, calendar })).toEqual({ available: false, reason: 'paused' });
    expect(availableForOrdering(base)).toEqual({ available: true, reason: null });
  });

  it('validates its end and the rest of today', () => {
    const now = new Date('2026-12-07T15:00:00Z');
    expect(pauseProblems(new Date('2026-12-07T14:00:00Z'), now)).toEqual([calendarMessages.pauseInPast]);
    expect(pauseProblems(new Date('2027-02-07T14:00:00Z'), now)).toEqual([calendarMessages.pauseTooLong]);
    // Toronto's midnight after 10:00 EST on Dec 7 is 05:00 UTC on Dec 8
    expect(endOfLocalDay(now, TORONTO).toISOString()).toBe('2026-12-08T05:00:00.000Z');
  });
});

describe('the next open delivery time', () => {
  const now = new Date('2026-12-07T15:00:00Z'); // Monday 10:00 in Toronto

  it('skips the gap between windows, closures and the notice', () => {
    const closures: CalendarClosure[] = [
      { starts_on: '2026-12-08', ends_on: '2026-12-08', windows: null, reason: 'Private event' },
    ];
    // 24 h notice from Monday 10:00: Tuesday is closed, so Wednesday 07:00
    expect(
      nextOpenTime({ storeHours: hours, calendar: { closures }, timeZone: TORONTO, noticeHours: 24, now, from: now }),
    ).toEqual(at('2026-12-09', '07:00'));
    // no notice, from 10:45 (between windows): 11:00 the same day
    expect(
      nextOpenTime({ storeHours: hours, timeZone: TORONTO, noticeHours: 0, now, from: at('2026-12-07', '10:45') }),
    ).toEqual(at('2026-12-07', '11:00'));
  });

  it('counts the notice from the end of a pause', () => {
    const calendar = { paused_until: '2026-12-08T05:00:00.000Z' }; // until Tuesday 00:00
    expect(nextOpenTime({ storeHours: hours, calendar, timeZone: TORONTO, noticeHours: 2, now, from: now })).toEqual(
      at('2026-12-08', '07:00'),
    );
    expect(nextOpenTime({ storeHours: hours, calendar, timeZone: TORONTO, noticeHours: 11, now, from: now })).toEqual(
      at('2026-12-08', '11:00'),
    );
  });

  it('answers null when nothing opens within the days searched', () => {
    const closures: CalendarClosure[] = [
      { starts_on: '2026-12-01', ends_on: '2027-01-31', windows: null, reason: 'Renovation' },
    ];
    expect(
      nextOpenTime({ storeHours: hours, calendar: { closures }, timeZone: TORONTO, noticeHours: 0, now, from: now }),
    ).toBeNull();
  });
});
