import { describe, expect, it } from 'vitest';
import {
  availableForOrdering,
  deliveryInstant,
  deliveryWhenProblems,
  formatStoreTime,
  haversineKm,
  isDeliveryMinute,
  isDeliveryTime,
  isValidTimeZone,
  deliveryScheduleProblems,
  leadTimeCheck,
  orderLeadTime,
  parseCalendarDate,
  parseTimeOfDay,
  storeHoursCheck,
  timeZoneOffsetMinutes,
  zonedParts,
  zonedWallTimeToInstant,
  type StoreHoursMap,
} from './availability.js';
import { messages } from './messages.js';
import { isCurrentlyOpen } from './store-open.js';

const weekdayHours: StoreHoursMap = {
  monday: { enabled: true, open: '07:00', close: '20:00' },
  tuesday: { enabled: true, open: '07:00', close: '20:00' },
  wednesday: { enabled: true, open: '07:00', close: '20:00' },
  thursday: { enabled: true, open: '07:00', close: '20:00' },
  friday: { enabled: true, open: '07:00', close: '20:00' },
  saturday: { enabled: true, open: '08:00', close: '18:00' },
  sunday: { enabled: false, open: '08:00', close: '18:00' },
};

describe('time zone conversions', () => {
  it('reads offsets in winter and summer', () => {
    expect(timeZoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'America/Toronto')).toBe(-300);
    expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/Toronto')).toBe(-240);
    expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/Vancouver')).toBe(-420);
    expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
    expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('gives the wall-clock fields and weekday of an instant', () => {
    // 2026-11-25 is a Wednesday; 03:30 UTC is still Tuesday evening in Toronto
    expect(zonedParts(new Date('2026-11-25T03:30:00Z'), 'America/Toronto')).toEqual({
      year: 2026,
      month: 11,
      day: 24,
      hour: 22,
      minute: 30,
      second: 0,
      weekday: 'tuesday',
    });
    expect(zonedParts(new Date('2026-11-25T05:00:00Z'), 'America/Toronto')).toMatchObject({
      day: 25,
      hour: 0,
      weekday: 'wednesday',
    });
  });

  it('turns a wall time into its instant on both sides of DST', () => {
    expect(
      zonedWallTimeToInstant({ year: 2026, month: 1, day: 15, hour: 11, minute: 30 }, 'America/Toronto').toISOString(),
    ).toBe('2026-01-15T16:30:00.000Z');
    expect(
      zonedWallTimeToInstant({ year: 2026, month: 7, day: 15, hour: 11, minute: 30 }, 'America/Toronto').toISOString(),
    ).toBe('2026-07-15T15:30:00.000Z');
    // the day of the change (DST starts 2026-03-08 02:00 in Toronto): before and after the jump
    expect(
      zonedWallTimeToInstant({ year: 2026, month: 3, day: 8, hour: 1, minute: 30 }, 'America/Toronto').toISOString(),
    ).toBe('2026-03-08T06:30:00.000Z');
    expect(
      zonedWallTimeToInstant({ year: 2026, month: 3, day: 8, hour: 11, minute: 30 }, 'America/Toronto').toISOString(),
    ).toBe('2026-03-08T15:30:00.000Z');
  });

  it('moves a wall time inside the spring gap past the gap', () => {
    // 02:30 does not exist on 2026-03-08 in Toronto; it becomes 03:30 EDT
    const t = zonedWallTimeToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/Toronto');
    expect(t.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedParts(t, 'America/Toronto')).toMatchObject({ hour: 3, minute: 30 });
  });

  it('takes the first of two instants in the autumn overlap', () => {
    // 01:30 happens twice on 2026-11-01 in Toronto: EDT (05:30Z) and EST (06:30Z)
    const t = zonedWallTimeToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/Toronto');
    expect(t.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('round-trips every quarter hour of the week DST ends (2026-11-01 in Toronto)', () => {
    let repeated = 0;
    for (let h = 0; h < 24 * 7; h += 0.25) {
      const instant = new Date(Date.UTC(2026, 9, 29) + h * 3_600_000);
      const p = zonedParts(instant, 'America/Toronto');
      const back = zonedWallTimeToInstant(p, 'America/Toronto');
      // in the autumn overlap the first occurrence wins, otherwise the same instant
      if (back.getTime() !== instant.getTime()) {
        expect(back.getTime()).toBe(instant.getTime() - 3_600_000);
        repeated++;
      }
    }
    // the repeated hour 01:00-01:59 EDT/EST: its second pass maps to the first
    expect(repeated).toBe(4);
  });

  it('has no repeated hour in Vancouver since British Columbia stays on UTC-7 (time zone data 2026a)', () => {
    for (let h = 0; h < 24 * 7; h += 0.25) {
      const instant = new Date(Date.UTC(2026, 9, 29) + h * 3_600_000);
      expect(zonedWallTimeToInstant(zonedParts(instant, 'America/Vancouver'), 'America/Vancouver').getTime()).toBe(
        instant.getTime(),
      );
      expect(timeZoneOffsetMinutes(instant, 'America/Vancouver')).toBe(-420);
    }
  });

  it('knows valid zone names', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('parsing dates and times', () => {
  it('accepts the spec time spellings', () => {
    expect(parseTimeOfDay('11:30 AM')).toBe(690);
    expect(parseTimeOfDay('05:00 am')).toBe(300);
    expect(parseTimeOfDay('5:00PM')).toBe(1020);
    expect(parseTimeOfDay('12:00 AM')).toBe(0);
    expect(parseTimeOfDay('12:15 PM')).toBe(735);
    expect(parseTimeOfDay('13:45')).toBe(825);
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('24:00')).toBe(1440);
  });

  it('refuses impossible times', () => {
    for (const bad of ['13:00 PM', '0:30 AM', '25:00', '10:60', 'noon', '', '10'])
      expect(parseTimeOfDay(bad)).toBeNull();
  });

  it('parses calendar dates and refuses impossible ones', () => {
    expect(parseCalendarDate('2026-11-25')).toEqual({ year: 2026, month: 11, day: 25 });
    expect(parseCalendarDate('2026-02-30')).toBeNull();
    expect(parseCalendarDate('25/11/2026')).toBeNull();
  });

  it('builds the delivery instant in the restaurant zone', () => {
    expect(deliveryInstant('2026-11-25', '11:30 AM', 'America/Toronto')?.toISOString()).toBe(
      '2026-11-25T16:30:00.000Z',
    );
    expect(deliveryInstant('2026-11-25', '11:30', 'America/Vancouver')?.toISOString()).toBe('2026-11-25T18:30:00.000Z');
    expect(deliveryInstant('2026-11-25', '11:30 AM')?.toISOString()).toBe('2026-11-25T16:30:00.000Z');
    expect(deliveryInstant('2026-11-31', '11:30 AM', 'America/Toronto')).toBeNull();
    expect(deliveryInstant('2026-11-25', 'later', 'America/Toronto')).toBeNull();
    expect(deliveryInstant('2026-11-25', '24:00', 'America/Toronto')).toBeNull();
  });

  it('makes no delivery at midnight: 00:00 of a date is not read as the end of it, nor the start (issue 17 part 5)', () => {
    for (const midnight of ['00:00', '0:00', '12:00 AM', '12:00 am', '24:00']) {
      expect(isDeliveryTime(midnight), midnight).toBe(false);
      expect(deliveryInstant('2026-12-03', midnight, 'America/Toronto'), midnight).toBeNull();
      expect(deliveryWhenProblems('2026-12-03', midnight), midnight).toEqual([messages.invalidTime]);
    }
    // the minutes either side stay on their own date
    expect(deliveryInstant('2026-12-03', '00:01', 'America/Toronto')?.toISOString()).toBe('2026-12-03T05:01:00.000Z');
    expect(deliveryInstant('2026-12-03', '11:59 PM', 'America/Toronto')?.toISOString()).toBe(
      '2026-12-04T04:59:00.000Z',
    );
    expect(deliveryInstant('2026-12-03', '11:45 PM', 'America/Toronto')?.toISOString()).toBe(
      '2026-12-04T04:45:00.000Z',
    );
    expect([
      isDeliveryMinute(0),
      isDeliveryMinute(1),
      isDeliveryMinute(1439),
      isDeliveryMinute(1440),
      isDeliveryMinute(null),
    ]).toEqual([false, true, true, false, false]);
  });

  it('formats store times as 12-hour clock times', () => {
    expect(formatStoreTime('07:00')).toBe('07:00 AM');
    expect(formatStoreTime('20:30')).toBe('08:30 PM');
    expect(formatStoreTime('12:00')).toBe('12:00 PM');
    expect(formatStoreTime('00:00')).toBe('12:00 AM');
    expect(formatStoreTime('24:00')).toBe('12:00 AM');
    expect(formatStoreTime('late')).toBe('late');
  });
});

describe('storeHoursCheck', () => {
  const tz = 'America/Toronto';
  it('accepts a time within the day hours, both ends included', () => {
    expect(storeHoursCheck(weekdayHours, deliveryInstant('2026-11-25', '11:30 AM', tz)!, tz)).toEqual({ ok: true });
    expect(storeHoursCheck(weekdayHours, deliveryInstant('2026-11-25', '07:00 AM', tz)!, tz)).toEqual({ ok: true });
    expect(storeHoursCheck(weekdayHours, deliveryInstant('2026-11-25', '08:00 PM', tz)!, tz)).toEqual({ ok: true });
  });

  it('says the store is closed on a disabled or missing day', () => {
    // 2026-11-29 is a Sunday
    expect(storeHoursCheck(weekdayHours, deliveryInstant('2026-11-29', '11:30 AM', tz)!, tz)).toEqual({
      ok: false,
      reason: 'closed',
      message: 'Store is closed on this day!',
    });
    const { sunday: _s, ...noSunday } = weekdayHours;
    expect(storeHoursCheck(noSunday, deliveryInstant('2026-11-29', '11:30 AM', tz)!, tz)).toMatchObject({
      reason: 'closed',
    });
  });

  it('gives the accepted hours outside them', () => {
    expect(storeHoursCheck(weekdayHours, deliveryInstant('2026-11-25', '06:45 AM', tz)!, tz)).toEqual({
      ok: false,
      reason: 'outside_hours',
      message: 'This restaurant accepts orders between ( 07:00 AM - 08:00 PM ) on selected day!',
    });
    expect(storeHoursCheck(weekdayHours, deliveryInstant('2026-11-28', '06:15 PM', tz)!, tz)).toMatchObject({
      message: messages.outsideStoreHours('08:00 AM', '06:00 PM'),
    });
  });

  it('judges the day and time in the restaurant zone, not in UTC', () => {
    // Saturday 23:30 in Toronto is Sunday 04:30 UTC: the store's Saturday closes at 18:00
    const late = new Date('2026-11-29T04:30:00Z');
    expect(storeHoursCheck(weekdayHours, late, tz)).toMatchObject({ reason: 'outside_hours' });
    // the same instant is Saturday 20:30 in Vancouver
    expect(zonedParts(late, 'America/Vancouver').weekday).toBe('saturday');
  });

  it('handles hours running past midnight', () => {
    const night: StoreHoursMap = { friday: { enabled: true, open: '18:00', close: '02:00' } };
    expect(storeHoursCheck(night, deliveryInstant('2026-11-27', '11:30 PM', tz)!, tz)).toEqual({ ok: true });
    expect(storeHoursCheck(night, deliveryInstant('2026-11-27', '01:30 AM', tz)!, tz)).toEqual({ ok: true });
    expect(storeHoursCheck(night, deliveryInstant('2026-11-27', '03:00 PM', tz)!, tz)).toMatchObject({
      reason: 'outside_hours',
    });
  });

  it('restricts nothing when store hours are not available', () => {
    expect(storeHoursCheck({}, new Date('2026-11-29T16:00:00Z'), tz)).toEqual({ ok: true });
    expect(storeHoursCheck(null, new Date('2026-11-29T16:00:00Z'), tz)).toEqual({ ok: true });
  });
});

describe('orderLeadTime and a dish’s own lead time (decision 052)', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('takes the longest of the notice and the dishes’ own, with the dish that asks it', () => {
    expect(orderLeadTime(24)).toEqual({ hours: 24, dish: null });
    expect(
      orderLeadTime(24, [
        { name: 'Soup', leadTimeHours: null },
        { name: 'Wedding Cake', leadTimeHours: 72 },
        { name: 'Tart', leadTimeHours: 48 },
      ]),
    ).toEqual({ hours: 72, dish: 'Wedding Cake' });
    // a dish asking less than the restaurant's notice changes nothing
    expect(orderLeadTime(24, [{ name: 'Salad', leadTimeHours: 2 }])).toEqual({ hours: 24, dish: null });
  });
  it('refuses a delivery sooner than it, naming the dish', () => {
    const problems = deliveryScheduleProblems({
      delivery: new Date('2026-11-25T15:00:00Z'),
      timeZone: 'America/Toronto',
      stores: [],
      noticeHours: 24,
      dishes: [{ name: 'Wedding Cake', leadTimeHours: 72 }],
      now,
    });
    expect(problems).toEqual([messages.leadTimeNotMet(72, 'Wedding Cake')]);
  });
});

describe('leadTimeCheck', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  it('accepts a delivery at or after the notice', () => {
    expect(leadTimeCheck(24, new Date('2026-11-23T15:00:00Z'), now)).toEqual({ ok: true });
    expect(leadTimeCheck(0, now, now)).toEqual({ ok: true });
  });
  it('refuses one inside the notice with the spec message', () => {
    expect(leadTimeCheck(48, new Date('2026-11-24T14:59:00Z'), now)).toEqual({
      ok: false,
      reason: 'notice',
      message:
        'This preset requires 48 hours notice, please select a delivery date and time that meets the minimum lead time',
    });
    expect(leadTimeCheck(24, new Date('2026-11-21T15:00:00Z'), now).ok).toBe(false);
  });
});

describe('isCurrentlyOpen', () => {
  it('reads the current wall time of the restaurant zone', () => {
    // Wednesday 2026-11-25 12:00 in Toronto = 17:00Z
    expect(isCurrentlyOpen(weekdayHours, new Date('2026-11-25T17:00:00Z'), 'America/Toronto')).toBe(true);
    // Wednesday 21:00 Toronto
    expect(isCurrentlyOpen(weekdayHours, new Date('2026-11-26T02:00:00Z'), 'America/Toronto')).toBe(false);
    // Sunday noon
    expect(isCurrentlyOpen(weekdayHours, new Date('2026-11-29T17:00:00Z'), 'America/Toronto')).toBe(false);
    // 17:00Z is 10:00 in Vancouver (UTC-7 all year since 2026): open there
    expect(isCurrentlyOpen(weekdayHours, new Date('2026-11-25T17:00:00Z'), 'America/Vancouver')).toBe(true);
    // 13:30Z is 06:30 in Vancouver: not yet
    expect(isCurrentlyOpen(weekdayHours, new Date('2026-11-25T13:30:00Z'), 'America/Vancouver')).toBe(false);
  });
  it('is false without store hours', () => {
    expect(isCurrentlyOpen({}, new Date('2026-11-25T17:00:00Z'), 'America/Toronto')).toBe(false);
  });
  it("follows a closure or one-off change covering the restaurant's today", () => {
    const noon = new Date('2026-11-25T17:00:00Z'); // Wednesday 12:00 in Toronto
    const closed = [{ starts_on: '2026-11-25', ends_on: '2026-11-26', windows: null, reason: 'Holiday' }];
    expect(isCurrentlyOpen(weekdayHours, noon, 'America/Toronto', closed)).toBe(false);
    const morning = [
      { starts_on: '2026-11-25', ends_on: '2026-11-25', windows: [{ open: '08:00', close: '11:00' }], reason: '' },
    ];
    expect(isCurrentlyOpen(weekdayHours, noon, 'America/Toronto', morning)).toBe(false);
    expect(isCurrentlyOpen(weekdayHours, new Date('2026-11-25T15:00:00Z'), 'America/Toronto', morning)).toBe(true);
    // a closure of another day changes nothing
    const later = [{ starts_on: '2026-11-27', ends_on: '2026-11-27', windows: null, reason: '' }];
    expect(isCurrentlyOpen(weekdayHours, noon, 'America/Toronto', later)).toBe(true);
  });
});

describe('haversineKm', () => {
  it('measures known distances', () => {
    expect(haversineKm(43.6487, -79.3817, 43.6487, -79.3817)).toBe(0);
    // Toronto to Montreal city centres: about 504 km
    expect(haversineKm(43.6487, -79.3817, 45.5017, -73.5673)).toBeGreaterThan(495);
    expect(haversineKm(43.6487, -79.3817, 45.5017, -73.5673)).toBeLessThan(510);
    // one degree of latitude: about 111.2 km
    expect(haversineKm(0, 0, 1, 0)).toBeCloseTo(111.19, 1);
    expect(haversineKm(45, -75, 46, -76)).toBeCloseTo(haversineKm(46, -76, 45, -75), 9);
  });
});

describe('availableForOrdering', () => {
  const tz = 'America/Toronto';
  const now = new Date('2026-11-22T15:00:00Z');
  const base = {
    storeHours: weekdayHours,
    timeZone: tz,
    noticeHours: 24,
    radiusKm: 15,
    distanceKm: 3,
    deliveryInstant: deliveryInstant('2026-11-25', '11:30 AM', tz),
    now,
  };
  it('is available when every rule holds', () => {
    expect(availableForOrdering(base)).toEqual({ available: true, reason: null });
  });
  it('names the first failing rule', () => {
    expect(availableForOrdering({ ...base, distanceKm: 16 })).toEqual({ available: false, reason: 'distance' });
    expect(availableForOrdering({ ...base, deliveryInstant: deliveryInstant('2026-11-29', '11:30 AM', tz) })).toEqual({
      available: false,
      reason: 'closed',
    });
    expect(availableForOrdering({ ...base, deliveryInstant: deliveryInstant('2026-11-25', '09:30 PM', tz) })).toEqual({
      available: false,
      reason: 'outside_hours',
    });
    expect(availableForOrdering({ ...base, deliveryInstant: deliveryInstant('2026-11-23', '09:30 AM', tz) })).toEqual({
      available: false,
      reason: 'notice',
    });
    // out of range and closed: distance comes first
    expect(
      availableForOrdering({ ...base, distanceKm: 40, deliveryInstant: deliveryInstant('2026-11-29', '11:30 AM', tz) })
        .reason,
    ).toBe('distance');
  });
  it('skips the rules it has no input for', () => {
    expect(availableForOrdering({ ...base, distanceKm: null, deliveryInstant: null })).toEqual({
      available: true,
      reason: null,
    });
    expect(availableForOrdering({ ...base, distanceKm: 99, deliveryInstant: null })).toEqual({
      available: false,
      reason: 'distance',
    });
  });
});

describe('deliveryWhenProblems', () => {
  it('names the time for an impossible time and the date for an impossible date', () => {
    expect(deliveryWhenProblems('2026-12-01', '25:99')).toEqual([messages.invalidTime]);
    expect(deliveryWhenProblems('2026-12-01', '24:00')).toEqual([messages.invalidTime]);
    expect(deliveryWhenProblems('2026-02-30', '11:30')).toEqual([messages.invalidDate]);
    expect(deliveryWhenProblems('2026-02-30', 'noon')).toEqual([messages.invalidDate, messages.invalidTime]);
    expect(deliveryWhenProblems('2026-12-01', '11:30 AM')).toEqual([]);
  });
});
