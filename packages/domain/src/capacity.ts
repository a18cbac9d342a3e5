// How much a restaurant takes (issue 19 part 2; docs/decisions/049): a limit per local day and
// per delivery window, counted in orders or in servings. The server counts what a slot holds
// under a lock; this is the rule it applies, shared with the storefront's wording.

export type CapacityUnit = 'orders' | 'servings';

export interface CapacityRule {
  unit: CapacityUnit;
  perDay: number | null;
  perWindow: number | null;
  /** windows start at multiples of this many minutes after midnight, in the restaurant's zone */
  windowMinutes: number;
}

export const WINDOW_CHOICES = [30, 60, 90, 120, 180, 240] as const;

/** The start (minutes after local midnight) of the window a local time of day falls in. */
export function windowStartOf(minuteOfDay: number, windowMinutes: number): number {
  return Math.floor(minuteOfDay / windowMinutes) * windowMinutes;
}

/** What an order adds to a slot: 1 order, or its servings (the restaurant's lines' quantities). */
export function capacityLoad(rule: Pick<CapacityRule, 'unit'>, servings: number): number {
  return rule.unit === 'orders' ? 1 : servings;
}

/** Whether `adding` more fits a slot that holds `day` that day and `window` in its window. */
export function fitsCapacity(rule: CapacityRule, held: { day: number; window: number }, adding: number): boolean {
  if (rule.perDay !== null && held.day + adding > rule.perDay) return false;
  if (rule.perWindow !== null && held.window + adding > rule.perWindow) return false;
  return true;
}

export const capacityMessages = {
  full: (restaurant: string, when: string) =>
    `${restaurant} is fully booked for ${when}. Please choose another time or another restaurant.`,
  nextTime: (when: string) => `The next time with room is ${when}.`,
} as const;
