// Cart and checkout rules: pure, shared by the storefront (cart, item editor, checkout) and the
// API (which re-checks everything before it saves or charges an order). Sources:
// ordering-payments §5 'Quantity editor', 'Serving name', 'Vendor minimum', 'Add-on limit',
// 'Empty order'; §8 error catalogue; §9 money in cents.
//
// Each rule returns null (or an empty list) when the cart is fine, else the message to show.
import { messages } from './messages.js';
import { formatCents } from './money.js';
import type { PricedLine, TaxCategory } from './totals.js';

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0;

export interface ItemQuantityInput {
  /** whether the dish (menu) has menu items (components/options) */
  hasMenuItems: boolean;
  /** the cart line's quantity */
  lineQuantity: number;
  /** the quantities of the line's menu items (menuItemsMapping values) */
  itemQuantities: number[];
  /** the menu's minOrderAmount (per item) */
  minOrderAmount: number;
}

/**
 * Quantity editor (ordering-payments §5): integers of 0 or more. With menu items, at least one
 * above 0 and each non-zero quantity at least minOrderAmount; without, the line quantity must
 * reach minOrderAmount.
 */
export function itemQuantityProblem(input: ItemQuantityInput): string | null {
  const { hasMenuItems, lineQuantity, itemQuantities, minOrderAmount } = input;
  if (!isCount(lineQuantity) || !itemQuantities.every(isCount)) return messages.nonNegativeInteger;
  const minimum = Math.max(0, minOrderAmount);
  if (hasMenuItems) {
    const chosen = itemQuantities.filter((q) => q > 0);
    if (chosen.length === 0 || chosen.some((q) => q < minimum)) return messages.minimumPerItemNotMet(minimum);
    return null;
  }
  if (lineQuantity < minimum) return messages.minimumPerItemNotMet(minimum);
  return null;
}

export interface SidesInput {
  /** the dish (menu) name, so the message says which line */
  dishName: string;
  /** the cart line's quantity of the dish */
  lineQuantity: number;
  /** the line's menu items (sides, options, components) with their names and quantities */
  items: { name: string; quantity: number }[];
}

/**
 * Menu items belong to their dish (issue 15): a side, option or component comes with a unit of
 * the dish, so a line without the dish (quantity 0) carries none, and no item is ordered more
 * times than the dish (the included components are one per unit, as the default carts have
 * them). Without this a line of 0 dishes and 300 paid sides would be priced as sides alone.
 */
export function sidesProblem(input: SidesInput): string | null {
  const chosen = input.items.filter((i) => i.quantity > 0);
  if (chosen.length === 0) return null;
  if (input.lineQuantity <= 0) return messages.sidesNeedDish(input.dishName);
  const over = chosen.find((i) => i.quantity > input.lineQuantity);
  return over ? messages.sidesExceedDish(input.dishName, over.name, over.quantity, input.lineQuantity) : null;
}

export interface ServingItem {
  userName: string;
  quantity: number;
}

/**
 * Serving names (ordering-payments §5 'Serving name'): each name given, each quantity above 0,
 * and the quantities together no more than the line's quantity.
 */
export function servingDetailsProblem(lineQuantity: number, servingItems: ServingItem[]): string | null {
  for (const item of servingItems) {
    if (item.userName.trim() === '') return messages.userNameRequired;
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0) return messages.servingQuantityPositive;
  }
  const assigned = servingItems.reduce((sum, item) => sum + item.quantity, 0);
  if (assigned > lineQuantity) return messages.servingExceedsQuantity(assigned, lineQuantity);
  return null;
}

export interface ChefSubtotal {
  name: string;
  /** the chef's preOrderMinOrderAmountCents */
  minimumCents: number;
  /** the cart's subtotal of this chef's lines */
  subtotalCents: number;
}

/** Vendor minimum (ordering-payments §5, §8): one message per chef whose minimum is not met. */
export function chefMinimumProblems(chefs: ChefSubtotal[]): string[] {
  return chefs
    .filter((c) => c.subtotalCents < c.minimumCents)
    .map((c) => messages.chefMinimumNotMet(formatCents(c.minimumCents), c.name));
}

/**
 * Preset minimum (ordering-payments §5): for delivery on restaurant pages, the total including
 * delivery fee and tax must reach minimumOrderAmountCents. The caller decides when it applies.
 */
export function presetMinimumProblem(totalCents: number, minimumOrderAmountCents: number): string | null {
  if (minimumOrderAmountCents > 0 && totalCents < minimumOrderAmountCents)
    return messages.presetMinimumNotMet(formatCents(minimumOrderAmountCents));
  return null;
}

export interface OrderedLine {
  quantity: number;
  /** menuItemsMapping values, when the dish has menu items */
  itemQuantities?: number[];
}

/** A line is in the order when its quantity, or one of its menu items' quantities, is above 0. */
export function isOrderedLine(line: OrderedLine): boolean {
  return line.quantity > 0 || (line.itemQuantities ?? []).some((q) => q > 0);
}

/** Empty order (ordering-payments §5): no submission without at least one item. */
export function emptyOrderProblem(lines: OrderedLine[]): string | null {
  return lines.some(isOrderedLine) ? null : messages.noItems;
}

/** Add-on checkout with a total of 0 is refused (ordering-payments §5, §8). */
export function emptyCartProblem(totalCents: number): string | null {
  return totalCents > 0 ? null : messages.cartEmpty;
}

/** Add-on limit (ordering-payments §5): the cart's lines may not exceed addonMaximumItemsQty. */
export function addOnLimitProblem(lineCount: number, addonMaximumItemsQty: number): string | null {
  return lineCount > addonMaximumItemsQty ? messages.addOnLimit(addonMaximumItemsQty) : null;
}

export interface ChefProgress extends ChefSubtotal {
  /** 0..1, the share of the minimum reached (1 when there is no minimum) */
  fraction: number;
  remainingCents: number;
  met: boolean;
}

/** The per-chef minimum progress bar of the cart (ordering-payments §2 'Restaurant / preset detail'). */
export function cartProgress<T extends ChefSubtotal>(chefs: T[]): (T & ChefProgress)[] {
  return chefs.map((c) => {
    const remainingCents = Math.max(0, c.minimumCents - c.subtotalCents);
    const fraction = c.minimumCents <= 0 ? 1 : Math.min(1, Math.max(0, c.subtotalCents) / c.minimumCents);
    return { ...c, fraction, remainingCents, met: remainingCents === 0 };
  });
}

// ---------------------------------------------------------------- pricing

export interface PricingMenuItem {
  id: number;
  priceCents: number;
}

export interface PricingMenu {
  id: number;
  priceCents: number;
  menuItems: PricingMenuItem[];
  isDeleted?: boolean;
  /** prepared food when absent */
  taxCategory?: TaxCategory;
}

export interface CartLineToPrice {
  menuId: number;
  quantity: number;
  /** menu item id -> quantity */
  menuItemsMapping: Record<string, number>;
}

/** A cart line that names a menu or menu item the catalogue does not have. */
export class CartPricingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CartPricingError';
  }
}

/**
 * Cart lines + the catalogue's menus -> computeTotals' priced lines, in the same order. Prices
 * come only from the menus (a price the browser sent plays no part), so the browser and the
 * server price a cart the same way. Menu items with quantity 0 are left out.
 */
function isMap<V>(menus: ReadonlyMap<number, V> | Record<number, V>): menus is ReadonlyMap<number, V> {
  return menus instanceof Map;
}

export function priceCart(
  lines: CartLineToPrice[],
  menusById: ReadonlyMap<number, PricingMenu> | Record<number, PricingMenu>,
): PricedLine[] {
  const lookup = (id: number): PricingMenu | undefined => (isMap(menusById) ? menusById.get(id) : menusById[id]);
  return lines.map((line) => {
    const menu = lookup(line.menuId);
    if (!menu) throw new CartPricingError(`Unknown menu ${line.menuId}`);
    if (menu.isDeleted) throw new CartPricingError(`Menu ${line.menuId} is no longer available`);
    const items = new Map(menu.menuItems.map((i) => [i.id, i]));
    const menuItems = Object.entries(line.menuItemsMapping)
      .filter(([, quantity]) => quantity !== 0)
      .map(([id, quantity]) => {
        const item = items.get(Number(id));
        if (!item) throw new CartPricingError(`Unknown menu item ${id} for menu ${line.menuId}`);
        return { priceCents: item.priceCents, quantity };
      });
    return {
      unitPriceCents: menu.priceCents,
      quantity: line.quantity,
      menuItems,
      taxCategory: menu.taxCategory ?? 'prepared_food',
    };
  });
}
