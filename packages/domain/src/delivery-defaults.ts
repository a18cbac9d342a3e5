import { addDays, formatIsoDate, parseIsoDate } from './dates.js';
import { isTimeSlot, normalizeTime12 } from './time-slots.js';

// Delivery details kept on the device (browse-account-orders §3 'Delivery info kept on the
// device', ordering-payments §3): delivery_date 'yyyy-MM-dd', delivery_time 'hh:mm a',
// address, lat, lng. Defaults (browse-account-orders §9): 3 days from today at 11:30 AM;
// a stored date in the past moves to 3 days ahead.

export const DEFAULT_DELIVERY_DAYS_AHEAD = 3;
export const DEFAULT_DELIVERY_TIME = '11:30 AM';

export interface DeliveryInfo {
  /** 'yyyy-MM-dd' */
  deliveryDate: string;
  /** 'hh:mm a', zero-padded hour */
  deliveryTime: string;
  address: string;
  lat: number | null;
  lng: number | null;
}

export function defaultDeliveryDate(now: Date): string {
  return formatIsoDate(addDays(now, DEFAULT_DELIVERY_DAYS_AHEAD));
}

export function defaultDeliveryInfo(now: Date): DeliveryInfo {
  return {
    deliveryDate: defaultDeliveryDate(now),
    deliveryTime: DEFAULT_DELIVERY_TIME,
    address: '',
    lat: null,
    lng: null,
  };
}

const finiteOrNull = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/**
 * Repairs what the device had stored: a missing, malformed or past date becomes the default
 * date (3 days ahead), a missing or malformed time, or one that is not among the day's slots
 * (such as the '12:00 AM' slot offered before issue 17, which meant the start of the date),
 * the default time; coordinates must be finite numbers (strings from storage are accepted)
 * and come in pairs.
 */
export function normalizeDeliveryInfo(
  stored: Partial<Record<keyof DeliveryInfo, unknown>> | null | undefined,
  now: Date,
): DeliveryInfo {
  const defaults = defaultDeliveryInfo(now);
  if (!stored) return defaults;
  const rawDate = typeof stored.deliveryDate === 'string' ? stored.deliveryDate : '';
  const parsed = parseIsoDate(rawDate);
  const deliveryDate = parsed && rawDate >= formatIsoDate(now) ? rawDate : defaults.deliveryDate;
  const storedTime = typeof stored.deliveryTime === 'string' ? normalizeTime12(stored.deliveryTime) : null;
  const deliveryTime = storedTime !== null && isTimeSlot(storedTime) ? storedTime : defaults.deliveryTime;
  const address = typeof stored.address === 'string' ? stored.address.trim() : '';
  let lat = finiteOrNull(stored.lat);
  let lng = finiteOrNull(stored.lng);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    lat = null;
    lng = null;
  }
  return { deliveryDate, deliveryTime, address, lat, lng };
}
