import {
  cartProgress,
  computeTotals,
  DEFAULT_TIME_ZONE,
  deliveryInstant,
  deliveryScheduleProblems,
  itemQuantityProblem,
  priceCart,
  cartServings,
  lineSubtotalCents,
  scaleLinesToHeadcount,
  sidesProblem,
  type Tip,
  type Totals,
} from '@caterway/domain';
import type { CartDelivery, CartLine, Chef, Menu, Preset } from './types';

// The cart as pure functions over the preset (ordering-payments §3 Checkout line, §4 Cart,
// §5 rules, §9 totals). The rules and the price come from packages/domain (cart-rules.ts,
// totals.ts, availability.ts), the same code the API runs; this file only maps the preset's
// shapes onto them.

export interface MenuRef {
  menu: Menu;
  chef: Chef;
}

/** Every dish of the preset's chefs by menu id (deleted dishes included: a saved line may name one). */
export function menuIndex(preset: Preset): Map<number, MenuRef> {
  const index = new Map<number, MenuRef>();
  for (const chef of preset.chefs) for (const menu of chef.menus) index.set(menu.id, { menu, chef });
  return index;
}

const chefName = (chef: Pick<Chef, 'businessName' | 'firstName' | 'lastName'>) =>
  chef.businessName || `${chef.firstName} ${chef.lastName}`.trim();
export { chefName };

/** Display fields (name, price, line total) recomputed from the catalogue, never trusted from storage. */
export function withDisplay(
  line: Omit<CartLine, 'menuName' | 'unitPriceCents' | 'lineTotalCents'> & Partial<CartLine>,
  ref: MenuRef,
): CartLine {
  const [priced] = priceCart([line], new Map([[ref.menu.id, ref.menu]]));
  return {
    ...line,
    chefId: ref.chef.id,
    menuName: ref.menu.name,
    unitPriceCents: ref.menu.priceCents,
    lineTotalCents: lineSubtotalCents(priced!),
  };
}

/** The preset's default cart (its preset items). */
export function defaultLines(preset: Preset): CartLine[] {
  const index = menuIndex(preset);
  return preset.presetItems.flatMap((item) => {
    const ref = index.get(item.menuId);
    if (!ref) return [];
    return [
      withDisplay(
        {
          id: item.id,
          menuId: item.menuId,
          chefId: item.chefId,
          quantity: item.quantity,
          menuItemsMapping: { ...item.menuItemsMapping },
          specialInstruction: item.specialInstruction,
          servingDetails: [],
          // a saved cart's line keeps the price it was saved at: the checkout says if it changed (decision 060)
          addedUnitPriceCents: item.savedUnitPriceCents ?? undefined,
        },
        ref,
      ),
    ];
  });
}

const perUnit = (index: Map<number, MenuRef>, line: CartLine) => {
  const menu = index.get(line.menuId)?.menu;
  return { serves: menu?.serves, minOrderAmount: menu?.minOrderAmount ?? 1 };
};

/** How many people the lines feed (each dish's serves per unit; decision 070). */
export function servingsOf(preset: Preset, lines: CartLine[]): number {
  const index = menuIndex(preset);
  return cartServings(lines.map((line) => ({ ...line, ...perUnit(index, line) })));
}

/** The lines scaled to feed `people`, keeping their mix (decision 070); null: unchanged. */
export function scaleCart(preset: Preset, lines: CartLine[], people: number | null): CartLine[] {
  if (people === null) return lines;
  const index = menuIndex(preset);
  const scaled = scaleLinesToHeadcount(
    lines.map((line) => ({ ...line, ...perUnit(index, line) })),
    people,
  );
  return lines.map((line, i) => {
    const ref = index.get(line.menuId);
    return ref ? withDisplay({ ...line, ...scaled[i]! }, ref) : line;
  });
}

/** Lines read back from the device, re-priced from the preset; lines whose dish is gone are dropped. */
export function hydrateLines(preset: Preset, stored: unknown[]): CartLine[] {
  const index = menuIndex(preset);
  const lines: CartLine[] = [];
  for (const raw of stored) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Partial<CartLine>;
    const ref = typeof r.menuId === 'number' ? index.get(r.menuId) : undefined;
    if (!ref || ref.menu.isDeleted || (typeof r.id !== 'number' && typeof r.id !== 'string')) continue;
    const known = new Set(ref.menu.menuItems.map((i) => String(i.id)));
    const mapping: Record<string, number> = {};
    for (const [k, v] of Object.entries(r.menuItemsMapping ?? {}))
      if (known.has(k) && Number.isSafeInteger(v) && v >= 0) mapping[k] = v;
    lines.push(
      withDisplay(
        {
          id: r.id,
          menuId: ref.menu.id,
          chefId: ref.chef.id,
          quantity: Number.isSafeInteger(r.quantity) && (r.quantity as number) >= 0 ? (r.quantity as number) : 0,
          menuItemsMapping: mapping,
          specialInstruction: typeof r.specialInstruction === 'string' ? r.specialInstruction : '',
          servingDetails: Array.isArray(r.servingDetails) ? r.servingDetails : [],
          // the price it was added at: kept, else the one it was stored with (decision 052)
          addedUnitPriceCents: r.addedUnitPriceCents ?? r.unitPriceCents,
        },
        ref,
      ),
    );
  }
  return lines;
}

/** The fields that make a cart what it is (display fields follow from them). */
const essence = (lines: CartLine[]) =>
  JSON.stringify(
    lines.map((l) => [
      l.id,
      l.menuId,
      l.quantity,
      Object.entries(l.menuItemsMapping)
        .filter(([, q]) => q !== 0)
        .sort(([a], [b]) => a.localeCompare(b)),
      l.specialInstruction.trim(),
      l.servingDetails.flatMap((d) => d.items.map((i) => [i.userName, i.quantity, i.dietaryType])),
    ]),
  );

/** Whether two carts are the same order (a cart equal to the default is not kept: §4 Cart). */
export const sameCart = (a: CartLine[], b: CartLine[]) => essence(a) === essence(b);

/** Dishes of the preset's chefs that are not in the cart ('additional items'), sold-out ones left out. */
export function additionalMenus(preset: Preset, lines: CartLine[]): MenuRef[] {
  const inCart = new Set([...lines.map((l) => l.menuId), ...preset.soldOut.menuIds]);
  return preset.chefs.flatMap((chef) =>
    chef.menus.filter((m) => !m.isDeleted && !inCart.has(m.id)).map((menu) => ({ menu, chef })),
  );
}

let clientIds = 0;
/** A new line for a dish from the additional items: its minimum quantity, included components once per unit. */
export function newLine(ref: MenuRef, now: number = Date.now()): CartLine {
  const quantity = Math.max(1, ref.menu.minOrderAmount);
  const mapping: Record<string, number> = {};
  const included = ref.menu.menuItems.filter((i) => i.priceCents === 0);
  for (const item of included.length > 0 ? included : ref.menu.menuItems.slice(0, 1))
    mapping[String(item.id)] = quantity;
  clientIds += 1;
  return withDisplay(
    {
      id: `new-${ref.menu.id}-${now.toString(36)}-${clientIds}`,
      menuId: ref.menu.id,
      chefId: ref.chef.id,
      quantity,
      menuItemsMapping: mapping,
      specialInstruction: '',
      servingDetails: [],
    },
    ref,
  );
}

export function cartTotals(
  preset: Preset,
  lines: CartLine[],
  receivingMethod: CartDelivery['receivingMethod'],
  deliveryFeeCents: number,
  cutleryCount: number,
  tip?: Tip | null,
): Totals {
  const index = menuIndex(preset);
  const menus = new Map([...index].map(([id, ref]) => [id, ref.menu]));
  return computeTotals({
    lines: priceCart(lines, menus),
    receivingMethod,
    deliveryFeeCents,
    cutleryCount,
    taxes: preset.taxLines,
    tip,
  });
}

/** Per chef of the preset: its subtotal in the cart against its minimum (the progress bars). */
export function chefProgress(preset: Preset, lines: CartLine[]) {
  return cartProgress(
    preset.chefs.map((chef) => ({
      chefId: chef.id,
      name: chefName(chef),
      minimumCents: chef.preOrderMinOrderAmountCents,
      subtotalCents: lines.filter((l) => l.chefId === chef.id).reduce((sum, l) => sum + l.lineTotalCents, 0),
    })),
  );
}

export function lineProblem(line: Pick<CartLine, 'quantity' | 'menuItemsMapping'>, menu: Menu): string | null {
  return (
    itemQuantityProblem({
      hasMenuItems: menu.menuItems.length > 0,
      lineQuantity: line.quantity,
      itemQuantities: menu.menuItems.map((i) => line.menuItemsMapping[String(i.id)] ?? 0),
      minOrderAmount: menu.minOrderAmount,
    }) ??
    sidesProblem({
      dishName: menu.name,
      lineQuantity: line.quantity,
      items: menu.menuItems.map((i) => ({ name: i.name, quantity: line.menuItemsMapping[String(i.id)] ?? 0 })),
    })
  );
}

/** The delivery bar's date and time against store hours, lead time and the horizon, in the preset's time zone. */
export function scheduleProblem(
  preset: Preset,
  delivery: Pick<CartDelivery, 'deliveryDate' | 'deliveryTime'>,
  now: Date,
  lines: readonly Pick<CartLine, 'menuId'>[] = [],
): string | null {
  const timeZone = preset.presetLocation.timeZone || DEFAULT_TIME_ZONE;
  const index = menuIndex(preset);
  const when = deliveryInstant(delivery.deliveryDate, delivery.deliveryTime, timeZone);
  if (!when) return null; // the delivery bar refuses invalid dates and times itself
  const [first] = deliveryScheduleProblems({
    delivery: when,
    timeZone,
    stores: [{ storeHours: preset.storeHours, timeZone }],
    noticeHours: preset.preOrderNoticeHour,
    // a dish of the cart with a longer lead time of its own (decision 052)
    dishes: lines.flatMap((l) => index.get(l.menuId)?.menu ?? []),
    now,
  });
  return first ?? null;
}
