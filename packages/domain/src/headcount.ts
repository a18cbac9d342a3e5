// Headcount first (issue 20 §1, decision 070): how many people a cart feeds, and a preset's
// default cart scaled to the number of people the customer orders for. Pure; the storefront's
// cart uses it, and the API needs nothing new (the scaled quantities are ordinary quantities and
// pass the same cart rules: minimums, sides no more than their dish).

/** The most people one order is for (the headcount store's bound). */
export const MAX_PEOPLE = 2000;

export interface ServingsLine {
  /** the cart line's quantity of the dish */
  quantity: number;
  /**
   * how many people one unit of the dish feeds (the menus.serves column the partner menu editor
   * edits, e.g. 10 for a tray); singles and anything unknown feed 1
   */
  serves: number | null | undefined;
}

const perUnit = (serves: ServingsLine['serves']) =>
  typeof serves === 'number' && Number.isSafeInteger(serves) && serves > 0 ? serves : 1;

/** ceil(a / b) for whole numbers a ≥ 0, b > 0, without floating-point drift */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

const count = (quantity: number) => (Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0);

/** How many people one cart line feeds: its quantity times what one unit serves. */
export function lineServings(line: ServingsLine): number {
  return count(line.quantity) * perUnit(line.serves);
}

/** How many people a cart feeds: the sum of its lines. */
export function cartServings(lines: readonly ServingsLine[]): number {
  return lines.reduce((sum, line) => sum + lineServings(line), 0);
}

export interface ScalableLine extends ServingsLine {
  /** the dish's minimum per order (menus.min_order_amount); also each chosen option's minimum */
  minOrderAmount: number;
  /** the line's options/sides/components: menu item id -> quantity */
  menuItemsMapping?: Readonly<Record<string, number>>;
}

export interface ScaledLine {
  quantity: number;
  menuItemsMapping: Record<string, number>;
}

/**
 * Scales a preset's default lines to feed `people` (decision 070). The preset's mix is kept:
 * every chosen line is multiplied by the same factor (people / the servings the default cart
 * feeds) and rounded UP, never below the dish's minimum; a line at 0 stays 0. Rounding each line
 * up means the scaled cart always feeds at least `people` (sum of ceil(q·f)·s ≥ f·Σq·s = people).
 * Each chosen option moves with its dish (same ratio, rounded up, at least the minimum, never
 * above the dish's quantity), so included components stay one per unit.
 *
 * A cart with nothing chosen, or a headcount outside 1..2000, comes back unchanged.
 */
export function scaleLinesToHeadcount(lines: readonly ScalableLine[], people: number): ScaledLine[] {
  const base = cartServings(lines);
  const scale = base > 0 && Number.isSafeInteger(people) && people >= 1 && people <= MAX_PEOPLE;
  return lines.map((line) => {
    const from = count(line.quantity);
    const mapping = line.menuItemsMapping ?? {};
    if (!scale || from === 0) return { quantity: line.quantity, menuItemsMapping: { ...mapping } };
    const minimum = Math.max(1, count(line.minOrderAmount));
    const quantity = Math.max(minimum, ceilDiv(from * people, base));
    const menuItemsMapping: Record<string, number> = {};
    for (const [id, q] of Object.entries(mapping)) {
      const was = count(q);
      menuItemsMapping[id] = was === 0 ? 0 : Math.min(quantity, Math.max(minimum, ceilDiv(was * quantity, from)));
    }
    return { quantity, menuItemsMapping };
  });
}

/** What the cart's servings line says: "Serves 42 · you need 40". */
export function servingsText(servings: number, people: number): string {
  return `Serves ${servings} · you need ${people}`;
}
