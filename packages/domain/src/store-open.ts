import {
  DEFAULT_TIME_ZONE,
  hasHours,
  localDateOf,
  windowsOn,
  withinWindow,
  zonedParts,
  type ClosureDays,
  type StoreHoursMap,
} from './availability.js';

// Kept apart from availability.ts: only the store-hours modal reads it, and availability.ts
// is in the storefront's shell chunk (apps/web/vite.config.ts), which every page loads.

/** The store-hours modal's Currently Open / Currently Closed flag, in the restaurant's zone. False without hours. */
export function isCurrentlyOpen(
  storeHours: StoreHoursMap | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  closures?: readonly ClosureDays[] | null,
): boolean {
  if (!hasHours(storeHours)) return false;
  const p = zonedParts(now, timeZone);
  // open in one of the day's windows (a closure's or one-off change's, else the weekday's): the
  // modal lists them, so between two it reads closed
  const windows = windowsOn(storeHours, localDateOf(now, timeZone), p.weekday, closures) ?? [];
  const t = p.hour * 60 + p.minute;
  return windows.some((w) => withinWindow(w, t));
}
