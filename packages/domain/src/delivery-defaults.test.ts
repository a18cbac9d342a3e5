import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_TIME,
  defaultDeliveryDate,
  defaultDeliveryInfo,
  normalizeDeliveryInfo,
} from './delivery-defaults.js';

const now = new Date(2026, 10, 20, 16, 45); // Fri Nov 20 2026, 4:45 PM local

describe('defaultDeliveryInfo', () => {
  it('is 3 days ahead at 11:30 AM with no address', () => {
    expect(defaultDeliveryInfo(now)).toEqual({
      deliveryDate: '2026-11-23',
      deliveryTime: '11:30 AM',
      address: '',
      lat: null,
      lng: null,
    });
    expect(DEFAULT_DELIVERY_TIME).toBe('11:30 AM');
  });
  it('rolls over months and years in local calendar terms', () => {
    expect(defaultDeliveryDate(new Date(2026, 11, 30, 23, 59))).toBe('2027-01-02');
    expect(defaultDeliveryDate(new Date(2026, 1, 27, 0, 1))).toBe('2026-03-02');
  });
});

describe('normalizeDeliveryInfo', () => {
  it('returns defaults when nothing is stored', () => {
    expect(normalizeDeliveryInfo(null, now)).toEqual(defaultDeliveryInfo(now));
    expect(normalizeDeliveryInfo({}, now)).toEqual(defaultDeliveryInfo(now));
  });
  it('keeps a valid future or today date, the time, address and coordinates', () => {
    const stored = {
      deliveryDate: '2026-11-20',
      deliveryTime: '06:15 PM',
      address: ' 100 King St W, Toronto ',
      lat: 43.6,
      lng: -79.38,
    };
    expect(normalizeDeliveryInfo(stored, now)).toEqual({ ...stored, address: '100 King St W, Toronto' });
  });
  it('moves a past date to 3 days ahead and keeps the rest', () => {
    const out = normalizeDeliveryInfo(
      { deliveryDate: '2026-11-19', deliveryTime: '08:00 AM', address: 'x', lat: 1, lng: 2 },
      now,
    );
    expect(out).toEqual({ deliveryDate: '2026-11-23', deliveryTime: '08:00 AM', address: 'x', lat: 1, lng: 2 });
  });
  it('repairs malformed values', () => {
    const out = normalizeDeliveryInfo(
      { deliveryDate: '2026-02-30', deliveryTime: '25:00', address: 42, lat: 'abc', lng: 3 },
      now,
    );
    expect(out).toEqual(defaultDeliveryInfo(now));
  });
  it('accepts coordinates stored as strings and canonicalises the time', () => {
    const out = normalizeDeliveryInfo(
      { deliveryDate: '2026-12-01', deliveryTime: '9:00 am', lat: '43.65', lng: '-79.38' },
      now,
    );
    expect(out).toMatchObject({ deliveryTime: '09:00 AM', lat: 43.65, lng: -79.38 });
  });
  it('replaces a stored time that is no slot, such as the old midnight slot, with the default time', () => {
    for (const deliveryTime of ['12:00 AM', '12:00 am', '04:00 AM', '11:31 AM']) {
      expect(normalizeDeliveryInfo({ deliveryDate: '2026-12-01', deliveryTime }, now).deliveryTime, deliveryTime).toBe(
        DEFAULT_DELIVERY_TIME,
      );
    }
    expect(normalizeDeliveryInfo({ deliveryDate: '2026-12-01', deliveryTime: '11:45 PM' }, now).deliveryTime).toBe(
      '11:45 PM',
    );
  });
  it('drops half or out-of-range coordinate pairs', () => {
    expect(normalizeDeliveryInfo({ lat: 43, lng: null }, now)).toMatchObject({ lat: null, lng: null });
    expect(normalizeDeliveryInfo({ lat: 91, lng: 10 }, now)).toMatchObject({ lat: null, lng: null });
  });
});
