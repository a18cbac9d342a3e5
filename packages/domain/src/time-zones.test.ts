import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  deliveryInstant,
  deliveryScheduleProblems,
  formatLocalDateTime,
  isSaneCalendarDate,
  lastOrderableDate,
  leadTimeCheck,
  localDateOf,
  localDateRangeInstants,
  localDayStart,
  orderHorizonCheck,
  processingInstant,
  timeZoneOffsetMinutes,
  type StoreHoursMap,
} from './availability.js';
import { MAX_DAYS_AHEAD } from './dates.js';
import { groupCutoffInstant, groupDeliveryInstant } from './group-orders.js';
import { messages } from './messages.js';

// Issue 15 §5: every zone we deliver in, across the 2026 and 2027 changes, with the runtime's
// time zone data (2026e: British Columbia on UTC-7 all year from 2026-03-08). These pin the data
// as much as the code: on a runtime with older data they fail.

const TRANSITIONS = ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07'] as const;

/** Offsets in minutes at noon local the day before and the day after each transition. */
const OFFSETS: Record<string, { before: number; after: number }[]> = {
  'America/Toronto': [
    { before: -300, after: -240 },
    { before: -240, after: -300 },
    { before: -300, after: -240 },
    { before: -240, after: -300 },
  ],
  'America/New_York': [
    { before: -300, after: -240 },
    { before: -240, after: -300 },
    { before: -300, after: -240 },
    { before: -240, after: -300 },
  ],
  'America/Halifax': [
    { before: -240, after: -180 },
    { before: -180, after: -240 },
    { before: -240, after: -180 },
    { before: -180, after: -240 },
  ],
  'America/St_Johns': [
    { before: -210, after: -150 },
    { before: -150, after: -210 },
    { before: -210, after: -150 },
    { before: -150, after: -210 },
  ],
  'America/Regina': [
    { before: -360, after: -360 },
    { before: -360, after: -360 },
    { before: -360, after: -360 },
    { before: -360, after: -360 },
  ],
  'America/Los_Angeles': [
    { before: -480, after: -420 },
    { before: -420, after: -480 },
    { before: -480, after: -420 },
    { before: -420, after: -480 },
  ],
  // the last change in British Columbia: 2026-03-08; no return to UTC-8 since
  'America/Vancouver': [
    { before: -480, after: -420 },
    { before: -420, after: -420 },
    { before: -420, after: -420 },
    { before: -420, after: -420 },
  ],
};

const noonUtc = (date: string, offset: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) - offset * 60_000).toISOString();

describe('wall times around the 2026 and 2027 transitions', () => {
  it('puts Vancouver 2026-12-01 12:00 local at 19:00 UTC (UTC-7 all year)', () => {
    expect(deliveryInstant('2026-12-01', '12:00 PM', 'America/Vancouver')!.toISOString()).toBe(
      '2026-12-01T19:00:00.000Z',
    );
    expect(deliveryInstant('2027-01-15', '12:00', 'America/Vancouver')!.toISOString()).toBe('2027-01-15T19:00:00.000Z');
    expect(localDateOf(new Date('2026-12-02T06:30:00Z'), 'America/Vancouver')).toBe('2026-12-01');
  });

  for (const [zone, rows] of Object.entries(OFFSETS)) {
    it(`${zone}: noon the day before and after each change`, () => {
      TRANSITIONS.forEach((date, i) => {
        const { before, after } = rows[i]!;
        const dayBefore = addCalendarDays(date, -1)!;
        const dayAfter = addCalendarDays(date, 1)!;
        expect(deliveryInstant(dayBefore, '12:00 PM', zone)!.toISOString(), `${zone} ${dayBefore}`).toBe(
          noonUtc(dayBefore, before),
        );
        expect(deliveryInstant(dayAfter, '12:00 PM', zone)!.toISOString(), `${zone} ${dayAfter}`).toBe(
          noonUtc(dayAfter, after),
        );
        expect(timeZoneOffsetMinutes(new Date(noonUtc(dayAfter, after)), zone)).toBe(after);
        // the local date of those instants is the day asked for
        expect(localDateOf(new Date(noonUtc(dayAfter, after)), zone)).toBe(dayAfter);
      });
    });
  }

  it('gives a local day its real length: 23 h, 25 h, or 24 h where the clock does not change', () => {
    const hours = (date: string, zone: string) => {
      const r = localDateRangeInstants(date, date, zone)!;
      return (r.end!.getTime() - r.start!.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-08', 'America/Toronto')).toBe(23);
    expect(hours('2026-11-01', 'America/Toronto')).toBe(25);
    expect(hours('2027-03-14', 'America/St_Johns')).toBe(23);
    expect(hours('2027-11-07', 'America/Los_Angeles')).toBe(25);
    expect(hours('2026-03-08', 'America/Vancouver')).toBe(23);
    expect(hours('2026-11-01', 'America/Vancouver')).toBe(24);
    expect(hours('2027-11-07', 'America/Vancouver')).toBe(24);
    expect(hours('2026-11-01', 'America/Regina')).toBe(24);
  });

  it('bounds a range of local dates by instants per zone', () => {
    expect(localDateRangeInstants('2026-12-01', '2026-12-01', 'America/Vancouver')).toEqual({
      start: new Date('2026-12-01T07:00:00Z'),
      end: new Date('2026-12-02T07:00:00Z'),
    });
    expect(localDateRangeInstants('2026-10-31', '2026-11-01', 'America/Halifax')).toEqual({
      start: new Date('2026-10-31T03:00:00Z'),
      end: new Date('2026-11-02T04:00:00Z'),
    });
    expect(localDateRangeInstants(undefined, '2026-12-31', 'America/Regina')).toEqual({
      start: null,
      end: new Date('2027-01-01T06:00:00Z'),
    });
    expect(localDateRangeInstants('2026-02-30', undefined, 'America/Regina')).toBeNull();
    expect(localDayStart('2027-03-14', 'America/St_Johns')!.toISOString()).toBe('2027-03-14T03:30:00.000Z');
  });
});

describe('lead time, processing time and group cut-off across the changes', () => {
  // per zone, a delivery at 12:00 local the day after the change and "now" at 12:00 local the
  // day before: 48 wall-clock hours apart, 47 or 49 real hours where the clock changed
  const cases = Object.entries(OFFSETS).flatMap(([zone, rows]) =>
    TRANSITIONS.map((date, i) => ({ zone, date, realHours: 48 + (rows[i]!.before - rows[i]!.after) / 60 })),
  );

  it('counts the notice in real hours', () => {
    for (const { zone, date, realHours } of cases) {
      const delivery = deliveryInstant(addCalendarDays(date, 1)!, '12:00 PM', zone)!;
      const now = deliveryInstant(addCalendarDays(date, -1)!, '12:00 PM', zone)!;
      expect((delivery.getTime() - now.getTime()) / 3_600_000, `${zone} ${date}`).toBe(realHours);
      expect(leadTimeCheck(realHours, delivery, now).ok).toBe(true);
      expect(leadTimeCheck(realHours + 1, delivery, now)).toEqual({
        ok: false,
        reason: 'notice',
        message: messages.leadTimeNotMet(realHours + 1),
      });
      // processing (order_processing_at) is delivery minus the notice: with notice = the real
      // gap it is exactly "now", at 12:00 local the day before whatever the change did
      expect(processingInstant(delivery, realHours).getTime()).toBe(now.getTime());
    }
  });

  it('processes a Toronto order the day DST ends at 13:00 EDT for a 24-hour notice (not 12:00)', () => {
    const delivery = deliveryInstant('2026-11-01', '12:00 PM', 'America/Toronto')!; // 17:00Z (EST)
    expect(processingInstant(delivery, 24).toISOString()).toBe('2026-10-31T17:00:00.000Z'); // 13:00 EDT
    // Vancouver no longer changes: 24 hours before is 12:00 the day before
    const van = deliveryInstant('2026-11-01', '12:00 PM', 'America/Vancouver')!;
    expect(processingInstant(van, 24).toISOString()).toBe('2026-10-31T19:00:00.000Z');
  });

  it('puts the group cut-off at the wall time of the cut-off day, on either side of each change', () => {
    const expected: Record<string, string[]> = {
      // cut-off 17:00 on the day of each change, delivery at 11:30 the next day (gap 1 day)
      'America/Toronto': [
        '2026-03-08T21:00:00.000Z',
        '2026-11-01T22:00:00.000Z',
        '2027-03-14T21:00:00.000Z',
        '2027-11-07T22:00:00.000Z',
      ],
      'America/Vancouver': [
        '2026-03-09T00:00:00.000Z',
        '2026-11-02T00:00:00.000Z',
        '2027-03-15T00:00:00.000Z',
        '2027-11-08T00:00:00.000Z',
      ],
      'America/Los_Angeles': [
        '2026-03-09T00:00:00.000Z',
        '2026-11-02T01:00:00.000Z',
        '2027-03-15T00:00:00.000Z',
        '2027-11-08T01:00:00.000Z',
      ],
      'America/Regina': [
        '2026-03-08T23:00:00.000Z',
        '2026-11-01T23:00:00.000Z',
        '2027-03-14T23:00:00.000Z',
        '2027-11-07T23:00:00.000Z',
      ],
      'America/St_Johns': [
        '2026-03-08T19:30:00.000Z',
        '2026-11-01T20:30:00.000Z',
        '2027-03-14T19:30:00.000Z',
        '2027-11-07T20:30:00.000Z',
      ],
    };
    for (const [zone, cutoffs] of Object.entries(expected)) {
      TRANSITIONS.forEach((date, i) => {
        const deliveryDate = addCalendarDays(date, 1)!;
        const cutoff = groupCutoffInstant({ deliveryDate, gapDays: 1, cutoffSeconds: 17 * 3600, timeZone: zone })!;
        expect(cutoff.toISOString(), `${zone} ${date}`).toBe(cutoffs[i]);
        const delivery = groupDeliveryInstant({ deliveryDate, deliverySeconds: 11 * 3600 + 1800, timeZone: zone })!;
        expect(localDateOf(delivery, zone)).toBe(deliveryDate);
        // 18.5 wall-clock hours from 17:00 to 11:30 the next day; the change (02:00 that night in
        // the zones that still change) lies after the cut-off only for the day-of-change cut-off
        expect((delivery.getTime() - cutoff.getTime()) / 3_600_000).toBe(18.5);
      });
    }
  });
});

describe('the horizon: at most 90 days ahead', () => {
  const zone = 'America/Vancouver';
  const now = new Date('2026-11-26T15:00:00Z'); // 08:00 in Vancouver

  it('is 90 calendar days after today in the zone', () => {
    expect(MAX_DAYS_AHEAD).toBe(90);
    expect(lastOrderableDate(now, zone)).toBe('2027-02-24');
    // late evening in Vancouver is already tomorrow in UTC: today is still Vancouver's
    expect(lastOrderableDate(new Date('2026-11-27T06:30:00Z'), zone)).toBe('2027-02-24');
    expect(lastOrderableDate(new Date('2026-11-27T06:30:00Z'), 'America/Toronto')).toBe('2027-02-25');
  });

  it('accepts day 90 and refuses day 91 with the message', () => {
    expect(orderHorizonCheck(deliveryInstant('2027-02-24', '11:30 PM', zone)!, now, zone)).toEqual({ ok: true });
    expect(orderHorizonCheck(deliveryInstant('2027-02-25', '07:00 AM', zone)!, now, zone)).toEqual({
      ok: false,
      reason: 'too_far',
      message: 'Orders can be placed at most 90 days ahead. Please select a delivery date on or before 2027-02-24.',
    });
    expect(orderHorizonCheck(deliveryInstant('3026-01-01', '11:30 AM', zone)!, now, zone).ok).toBe(false);
  });

  it('lists every schedule problem once, with the catering messages', () => {
    const hours: StoreHoursMap = { thursday: { enabled: true, open: '09:00', close: '17:00' } };
    // 2027-03-04 is a Thursday, 20:00 is after closing, and it is past the horizon
    const late = deliveryInstant('2027-03-04', '08:00 PM', zone)!;
    expect(
      deliveryScheduleProblems({
        delivery: late,
        timeZone: zone,
        stores: [{ storeHours: hours, timeZone: zone }],
        noticeHours: 24,
        now,
      }),
    ).toEqual([messages.outsideStoreHours('09:00 AM', '05:00 PM'), messages.tooFarAhead(90, '2027-02-24')]);
  });
});

describe('sane calendar dates', () => {
  it('takes real days of this century only', () => {
    for (const ok of ['2026-12-01', '2000-01-01', '2099-12-31', ' 2026-02-28 '])
      expect(isSaneCalendarDate(ok), ok).toBe(true);
    for (const bad of [
      '0000-01-01',
      '0001-01-01',
      '1999-12-31',
      '2100-01-01',
      '9999-12-31',
      '2026-02-30',
      '2026-13-01',
      '2026-1-01',
      'today',
      '',
    ]) {
      expect(isSaneCalendarDate(bad), bad).toBe(false);
    }
  });
});

describe("formatLocalDateTime: the spend report's Delivery Date (issue 17 part 5)", () => {
  // apps/api reports.service.test.ts checks it against the page's former Intl formatter and
  // the date filter every 15 minutes around each change
  it('reads the wall clock across the changes, pinned to the 2026e rules', () => {
    const cases: [string, string, string][] = [
      // Toronto and New York spring forward at 2:00 on 2026-03-08: 1:59 AM, then 3:00 AM
      ['2026-03-08T06:59:00Z', 'America/Toronto', 'Mar 8, 2026, 1:59 AM'],
      ['2026-03-08T07:00:00Z', 'America/Toronto', 'Mar 8, 2026, 3:00 AM'],
      ['2026-03-08T07:00:00Z', 'America/New_York', 'Mar 8, 2026, 3:00 AM'],
      // and fall back on 2026-11-01: 1:30 AM twice
      ['2026-11-01T05:30:00Z', 'America/Toronto', 'Nov 1, 2026, 1:30 AM'],
      ['2026-11-01T06:30:00Z', 'America/Toronto', 'Nov 1, 2026, 1:30 AM'],
      ['2026-11-01T06:30:00Z', 'America/New_York', 'Nov 1, 2026, 1:30 AM'],
      ['2026-11-01T07:30:00Z', 'America/New_York', 'Nov 1, 2026, 2:30 AM'],
      // Vancouver springs forward on 2026-03-08 and then stays on UTC-7: no 1:30 AM twice
      ['2026-03-08T09:59:00Z', 'America/Vancouver', 'Mar 8, 2026, 1:59 AM'],
      ['2026-03-08T10:00:00Z', 'America/Vancouver', 'Mar 8, 2026, 3:00 AM'],
      ['2026-11-01T08:30:00Z', 'America/Vancouver', 'Nov 1, 2026, 1:30 AM'],
      ['2026-11-01T09:30:00Z', 'America/Vancouver', 'Nov 1, 2026, 2:30 AM'],
      // decision 025's order: 00:30 on Dec 1 in Vancouver, on Nov 30 under the old rules
      ['2026-12-01T07:30:00Z', 'America/Vancouver', 'Dec 1, 2026, 12:30 AM'],
      // London's change (2026-03-29 01:00 UTC) moves nothing in North America
      ['2026-03-29T00:59:00Z', 'Europe/London', 'Mar 29, 2026, 12:59 AM'],
      ['2026-03-29T01:00:00Z', 'Europe/London', 'Mar 29, 2026, 2:00 AM'],
      ['2026-03-29T01:00:00Z', 'America/Toronto', 'Mar 28, 2026, 9:00 PM'],
      // noon and midnight in 12-hour form
      ['2026-03-09T16:00:00Z', 'America/Toronto', 'Mar 9, 2026, 12:00 PM'],
      ['2026-03-10T04:00:00Z', 'America/Toronto', 'Mar 10, 2026, 12:00 AM'],
    ];
    for (const [iso, zone, text] of cases)
      expect(formatLocalDateTime(new Date(iso), zone), `${iso} ${zone}`).toBe(text);
  });
});
