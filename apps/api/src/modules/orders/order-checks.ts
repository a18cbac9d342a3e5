import { opsRestaurantMessages, type DeliveryRefusal } from '@caterway/contracts';
import {
  addOnLinesProblem,
  CartPricingError,
  chefMinimumProblems,
  combinedTaxName,
  combinedTaxRate,
  computeTotals,
  deliveryInstant,
  calendarScheduleProblems,
  deliveryWhenProblems,
  emptyOrderProblem,
  isOrderedLine,
  formatCents,
  isSoldOut,
  itemQuantityProblem,
  lineSubtotalCents,
  messages,
  orderLeadTime,
  orderNoticeHours,
  orderTotalProblems,
  priceCart,
  processingInstant,
  servingDetailsProblem,
  sidesProblem,
  soldOutMessage,
  tipOf,
  type DishLeadTime,
  type PlaceOfSupply,
  type PricingMenu,
  type TaxLineRule,
} from '@caterway/domain';
import { deliveryRefusal } from '../../lib/delivery-refusal.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import type { Geocoder } from '../../ports/geocoder.js';
import { placeAddress, quoteDelivery, roundKm } from './delivery-fee.js';
import type { OrderCatalogueRepository, OrderMenuRow, OrderPresetRow } from './order-catalogue.repository.js';
import type { CorporateFields, OrderPayload, PreparedLine, PreparedOrder } from './orders.types.js';
import { chefPlace, taxesOfSupply } from './place-of-supply.js';

export type { CorporateFields, OrderPayload, PreparedLine, PreparedOrder } from './orders.types.js';

// Every rule an order must meet, checked on the server from the database on each create,
// update and finalize (ordering-payments §5; ARCHITECTURE.md: 'The server is the authority').
// Prices and the delivery fee the browser sends are ignored: lines are repriced from the menus
// with the same priceCart + computeTotals the storefront uses.

const CORPORATE_KEYS = ['po_number', 'cost_centre', 'onsite_contact_name', 'onsite_contact_phone'] as const;

/** The payload's corporate fields, '' for those not given. */
export function corporateFieldsOf(
  payload: Partial<Pick<OrderPayload, (typeof CORPORATE_KEYS)[number]>>,
): CorporateFields {
  return {
    po_number: payload.po_number ?? '',
    cost_centre: payload.cost_centre ?? '',
    onsite_contact_name: payload.onsite_contact_name ?? '',
    onsite_contact_phone: payload.onsite_contact_phone ?? '',
  };
}

/**
 * A rewrite of a stored order (checkout submit, edit) keeps the corporate fields it does not
 * send: a client that predates them cannot wipe a PO number by saving the order; '' clears one.
 * The on-site contact's name and phone travel together (the contract refuses one alone).
 */
export function keepCorporateFields(stored: CorporateFields, payload: OrderPayload): OrderPayload {
  const kept = { ...payload };
  for (const key of CORPORATE_KEYS) kept[key] ??= stored[key];
  return kept;
}

export interface OrderChecksDeps {
  catalogue: OrderCatalogueRepository;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
}

const requiredField = (label: string) => `${label}: ${messages.required}`;

/** A preset the user may order from: active, and a saved cart only by its owner (same 404 as presets' detail). */
export function assertOrderablePreset(preset: OrderPresetRow | undefined, userId: number): OrderPresetRow {
  if (!preset || !preset.is_active || (preset.preset_type === 'save_for_later' && preset.owner_user_id !== userId)) {
    throw notFound(messages.presetNotFound);
  }
  return preset;
}

/**
 * An add-on order (ordering-payments §2, §5, §9) rides on its parent's delivery: the address and
 * time are the parent's (already checked), the notice is 1 hour, the lines are capped by the lead
 * chef's addonMaximumItemsQty, there is no delivery fee and no vendor or preset minimum (the
 * parent met them), and an empty cart is 'Your cart is empty.'.
 */
export interface AddOnOptions {
  latitude: number | null;
  longitude: number | null;
}

/**
 * What a placed order already holds (an edit of it): an 86 never touches a placed order (decision
 * 053), so its dishes and options stay orderable in its edits; only what the edit adds is refused.
 */
export interface KeptLines {
  menuIds: ReadonlySet<number>;
  menuItemIds: ReadonlySet<number>;
}

/** The dishes and options a stored order's lines hold (those ordered, quantity above 0). */
export function keptLinesOf(
  lines: readonly { menu_id: number; quantity: number; menu_items_mapping: Record<string, number> }[],
): KeptLines {
  const menuIds = new Set<number>();
  const menuItemIds = new Set<number>();
  for (const line of lines) {
    const items = Object.entries(line.menu_items_mapping).filter(([, q]) => q > 0);
    if (line.quantity > 0 || items.length > 0) menuIds.add(line.menu_id);
    for (const [id] of items) menuItemIds.add(Number(id));
  }
  return { menuIds, menuItemIds };
}

/**
 * The prices a placed order was charged, by dish (decision 052: price changes never alter placed
 * orders). An edit prices the dishes and options the order already had at these prices, and only
 * what it adds at the catalogue's; a dish or option deleted since stays orderable on that order.
 */
export type KeptPrices = ReadonlyMap<
  number,
  { priceCents: number; items: { id: number; name: string; priceCents: number }[] }
>;

/** The kept prices of an order's stored lines (the first line of a dish wins). */
export function keptPricesOf(
  items: readonly {
    menu_id: number | null;
    unit_price_cents: number;
    menu_items: { id: number; name: string; price_cents: number }[];
  }[],
): KeptPrices {
  const kept = new Map<number, { priceCents: number; items: { id: number; name: string; priceCents: number }[] }>();
  for (const line of items) {
    if (line.menu_id === null) continue;
    const entry = kept.get(line.menu_id) ?? { priceCents: line.unit_price_cents, items: [] };
    for (const i of line.menu_items)
      if (!entry.items.some((k) => k.id === i.id))
        entry.items.push({ id: i.id, name: i.name, priceCents: i.price_cents });
    kept.set(line.menu_id, entry);
  }
  return kept;
}

/** A dish as the order prices it: at the kept prices when the order already had it. */
function atKeptPrices(menu: OrderMenuRow, kept: KeptPrices | undefined): OrderMenuRow {
  const k = kept?.get(menu.id);
  if (!k) return menu;
  const items = menu.menu_items.map((i) => {
    const was = k.items.find((x) => x.id === i.id);
    return was ? { ...i, price_cents: was.priceCents } : i;
  });
  for (const was of k.items)
    if (!items.some((i) => i.id === was.id))
      items.push({
        id: was.id,
        menu_id: menu.id,
        name: was.name,
        price_cents: was.priceCents,
        dietary_types: [],
        position: 0,
        // an option deleted since is not on sale: only the order that holds it keeps it
        unavailable_until: null,
      });
  return { ...menu, price_cents: k.priceCents, is_deleted: false, menu_items: items };
}
export { ADD_ON_NOTICE_HOURS } from '@caterway/domain';

type OrderChef = OrderForCheck['chefs'][number];
type OrderForCheck = Awaited<ReturnType<OrderCatalogueRepository['findForOrder']>>;
type Point = { latitude: number; longitude: number };

/**
 * Checks and prices an order; throws 422 { error, messages } listing every problem, in the
 * order of the steps below (lines, minimums, when, who, where, tax and totals).
 */
export async function prepareOrder(
  deps: OrderChecksDeps,
  input: OrderPayload,
  userId: number,
  now: Date,
  options: {
    addOn?: AddOnOptions;
    kept?: KeptLines;
    keptPrices?: KeptPrices;
    /** an edit of a placed order: the pause (on new orders) does not apply */
    edit?: boolean;
  } = {},
): Promise<PreparedOrder> {
  const addOn = options.addOn;
  const { payload, sentFeeCents, ordered } = orderedPayload(input);
  // the preset, its chefs and the ordered menus in one read
  const found = await deps.catalogue.findForOrder(payload.preset_id, [...new Set(ordered.map((l) => l.menu_id))]);
  const preset = assertOrderablePreset(found.preset, userId);
  const chefs = found.chefs;
  const lead = chefs[0];
  if (!lead) throw notFound(messages.presetNotFound);
  // a saved cart or a group order can outlive its restaurant's place on the marketplace
  const closed = chefs.filter((c) => c.status !== 'live');
  if (closed.length) throw validationFailed(closed.map((c) => opsRestaurantMessages.notTakingOrders(c.business_name)));
  const problems: string[] = [];
  const menus = found.menus.map((m) => atKeptPrices(m, options.keptPrices));
  const lines = checkOrderLines(ordered, menus, chefs, Boolean(addOn), problems);
  problems.push(...soldOutProblems(ordered, found.menus, chefs, now, options.kept));
  problems.push(...vendorMinimumProblems(lines, chefs, addOn !== undefined));
  const dishes = lines.map((l) => ({
    name: l.menuName,
    leadTimeHours: menus.find((m) => m.id === l.menuId)?.lead_time_hours ?? null,
  }));
  const when = checkWhen(payload, chefs, dishes, Boolean(addOn), now, problems, options.edit === true);
  // who: the form's required fields not enforced by the schema (§5 'Checkout and order edit')
  if (!addOn && !payload.company_name.trim()) problems.push(requiredField('Company name'));
  const where = await checkWhere(deps, payload, chefs, addOn, sentFeeCents, problems);
  const priced = await priceOrder(deps, payload, lines, lead, when, where, addOn !== undefined, problems);
  problems.push(
    ...orderTotalProblems({
      isAddOn: Boolean(addOn),
      isDelivery: payload.receiving_method === 'delivery',
      presetType: preset.preset_type,
      presetMinimumCents: preset.minimum_order_amount_cents,
      lineCount: lines.length,
      totalCents: priced.totals.totalCents,
    }),
  );
  if (problems.length) throw validationFailed([...new Set(problems)], when.refusal ?? undefined);
  return {
    preset,
    chefs,
    lead,
    lines,
    totals: priced.totals,
    taxName: combinedTaxName(priced.taxes),
    taxRate: combinedTaxRate(priced.taxes),
    place: priced.place,
    tipPercent: addOn ? null : (payload.tip_percent ?? null),
    corporate: corporateFieldsOf(payload),
    currency: lead.country === 'US' ? 'usd' : 'cad',
    deliveryAt: when.deliveryAt!,
    timeZone: when.timeZone,
    orderProcessingAt: processingInstant(when.deliveryAt!, when.noticeHours),
    latitude: where.point?.latitude ?? null,
    longitude: where.point?.longitude ?? null,
    distanceKm: where.distanceKm,
    payload,
  };
}

/** The payload as stored (the browser's prices and fee dropped) and its ordered lines. */
function orderedPayload(input: OrderPayload) {
  const payload: OrderPayload = {
    ...input,
    preset_items: input.preset_items.map((line) => {
      const kept = { ...line };
      delete kept.price_cents;
      return kept;
    }),
  };
  const sentFeeCents = payload.delivery_fee;
  delete payload.delivery_fee;
  const ordered = payload.preset_items.filter((l) =>
    isOrderedLine({ quantity: l.quantity, itemQuantities: Object.values(l.menu_items_mapping) }),
  );
  return { payload, sentFeeCents, ordered };
}

type OrderedLine = OrderPayload['preset_items'][number];

/** Lines: the menus are the preset's chefs' dishes; quantities and serving names (§5). */
function checkOrderLines(
  ordered: OrderedLine[],
  foundMenus: OrderMenuRow[],
  chefs: OrderChef[],
  isAddOn: boolean,
  problems: string[],
): PreparedLine[] {
  const empty = emptyOrderProblem(
    ordered.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menu_items_mapping) })),
  );
  if (empty) problems.push(isAddOn ? messages.cartEmpty : empty);
  const chefIds = new Set(chefs.map((c) => c.id));
  const menus = new Map<number, OrderMenuRow>(foundMenus.map((m) => [m.id, m]));
  const lines: PreparedLine[] = [];
  for (const line of ordered) {
    const menu = menus.get(line.menu_id);
    if (!menu || menu.is_deleted || !chefIds.has(menu.chef_id)) {
      problems.push(`Menu ${line.menu_id} is not available on this preset.`);
      continue;
    }
    const prepared = checkOrderLine(line, menu, problems);
    if (prepared) lines.push(prepared);
  }
  return lines;
}

/**
 * The dishes and options sold out at `now` (decision 053), one message each, e.g. "Butter Chicken
 * Tray is sold out today. Remove it to continue.": the one check every path that writes a cart
 * (a checkout's create, update and finalize, an add-on, an edit) goes through. What a placed order
 * already held (`kept`) stays.
 */
function soldOutProblems(
  ordered: OrderedLine[],
  foundMenus: OrderMenuRow[],
  chefs: OrderChef[],
  now: Date,
  kept: KeptLines | undefined,
): string[] {
  const problems: string[] = [];
  const menus = new Map<number, OrderMenuRow>(foundMenus.map((m) => [m.id, m]));
  const zones = new Map(chefs.map((c) => [c.id, c.time_zone]));
  for (const line of ordered) {
    const menu = menus.get(line.menu_id);
    const timeZone = menu && zones.get(menu.chef_id);
    if (!menu || !timeZone || menu.is_deleted) continue;
    if (isSoldOut(menu.unavailable_until, now) && !kept?.menuIds.has(menu.id))
      problems.push(soldOutMessage(menu.name, menu.unavailable_until!, now, timeZone));
    for (const item of menu.menu_items) {
      if ((line.menu_items_mapping[String(item.id)] ?? 0) <= 0) continue;
      if (isSoldOut(item.unavailable_until, now) && !kept?.menuItemIds.has(item.id))
        problems.push(soldOutMessage(item.name, item.unavailable_until!, now, timeZone, menu.name));
    }
  }
  return problems;
}

/** One line against its menu: its problems pushed, the line priced (undefined: it cannot be priced). */
function checkOrderLine(line: OrderedLine, menu: OrderMenuRow, problems: string[]): PreparedLine | undefined {
  const quantityProblem = itemQuantityProblem({
    hasMenuItems: menu.menu_items.length > 0,
    lineQuantity: line.quantity,
    itemQuantities: Object.values(line.menu_items_mapping),
    minOrderAmount: menu.min_order_amount,
  });
  if (quantityProblem) problems.push(quantityProblem);
  const itemNames = new Map(menu.menu_items.map((i) => [String(i.id), i.name]));
  const sides = sidesProblem({
    dishName: menu.name,
    lineQuantity: line.quantity,
    items: Object.entries(line.menu_items_mapping).map(([id, quantity]) => ({
      name: itemNames.get(id) ?? `Menu item ${id}`,
      quantity,
    })),
  });
  if (sides) problems.push(sides);
  const servingProblem = servingDetailsProblem(
    line.quantity,
    line.serving_details.flatMap((d) => d.items.map((i) => ({ userName: i.user_name, quantity: i.quantity }))),
  );
  if (servingProblem) problems.push(servingProblem);
  const pricing: PricingMenu = {
    id: menu.id,
    priceCents: menu.price_cents,
    menuItems: menu.menu_items.map((i) => ({ id: i.id, priceCents: i.price_cents })),
    taxCategory: menu.tax_category,
  };
  let priced: ReturnType<typeof priceCart>[number] | undefined;
  try {
    [priced] = priceCart(
      [{ menuId: menu.id, quantity: line.quantity, menuItemsMapping: line.menu_items_mapping }],
      new Map([[menu.id, pricing]]),
    );
  } catch (err) {
    if (!(err instanceof CartPricingError)) throw err;
    problems.push(err.message);
    return undefined;
  }
  const itemsById = new Map(menu.menu_items.map((i) => [i.id, i]));
  return {
    lineKey: String(line.id),
    menuId: menu.id,
    chefId: menu.chef_id,
    menuName: menu.name,
    quantity: line.quantity,
    unitPriceCents: menu.price_cents,
    menuItemsMapping: line.menu_items_mapping,
    menuItems: Object.entries(line.menu_items_mapping)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => {
        const item = itemsById.get(Number(id))!;
        return { id: item.id, name: item.name, price_cents: item.price_cents, quantity };
      }),
    specialInstruction: line.special_instruction,
    servingDetails: line.serving_details,
    taxCategory: menu.tax_category,
    lineSubtotalCents: lineSubtotalCents(priced!),
  };
}

/** Vendor minimums (§5 'Vendor minimum'); an add-on has its lead chef's cap on lines instead. */
function vendorMinimumProblems(lines: PreparedLine[], chefs: OrderChef[], isAddOn: boolean): string[] {
  const lead = chefs[0]!;
  if (isAddOn) {
    const limit = addOnLinesProblem(true, lines.length, lead.addon_maximum_items_qty);
    return limit ? [limit] : [];
  }
  if (!lines.length) return [];
  const subtotalOf = (chefId: number) =>
    lines.filter((l) => l.chefId === chefId).reduce((sum, l) => sum + l.lineSubtotalCents, 0);
  return chefMinimumProblems(
    chefs
      .filter((c) => lines.some((l) => l.chefId === c.id))
      .map((c) => ({
        name: c.business_name,
        minimumCents: c.pre_order_min_order_amount_cents,
        subtotalCents: subtotalOf(c.id),
      })),
  );
}

/**
/**
 * When: store hours and calendar of every chef, the notice (or a dish's longer lead time,
 * decision 052) and the horizon, in the lead chef's zone (§5). The order is processed that notice
 * before delivery. A pause refuses new orders only: an edit of a placed order is checked against
 * the windows and closures but not the pause (decision 055).
 */
function checkWhen(
  payload: OrderPayload,
  chefs: OrderChef[],
  dishes: DishLeadTime[],
  isAddOn: boolean,
  now: Date,
  problems: string[],
  isEdit: boolean,
) {
  const isDelivery = payload.receiving_method === 'delivery';
  const date = isDelivery ? payload.delivery_date : payload.pickup_date;
  const time = isDelivery ? payload.delivery_time : payload.pickup_time;
  const timeZone = chefs[0]!.time_zone;
  const deliveryAt = date && time ? deliveryInstant(date, time, timeZone) : null;
  if (!date) problems.push(messages.invalidDate);
  if (!time) problems.push(messages.invalidTime);
  if (date && time && !deliveryAt) problems.push(...deliveryWhenProblems(date, time));
  const noticeHours = orderNoticeHours(
    isAddOn,
    chefs.map((c) => c.pre_order_notice_hours),
  );
  let refusal: DeliveryRefusal | null = null;
  if (deliveryAt) {
    const schedule = {
      delivery: deliveryAt,
      timeZone,
      stores: chefs.map((c) => ({
        name: c.business_name,
        storeHours: c.store_hours,
        timeZone: c.time_zone,
        calendar: c.calendar,
      })),
      noticeHours,
      dishes,
      now,
      newOrder: !isEdit,
    };
    const refused = calendarScheduleProblems(schedule, !isEdit);
    problems.push(...refused);
    // the documents' messages stay as they are; the body adds why and the earliest time (decision 072)
    if (refused.length) refusal = deliveryRefusal(schedule);
  }
  return { date, deliveryAt, timeZone, noticeHours: orderLeadTime(noticeHours, dishes).hours, refusal };
}

/** Where: delivery address, radius and fee by distance from the lead chef (§7, §9). */
async function checkWhere(
  deps: OrderChecksDeps,
  payload: OrderPayload,
  chefs: OrderChef[],
  addOn: AddOnOptions | undefined,
  sentFeeCents: number | undefined,
  problems: string[],
): Promise<{ point: Point | null; distanceKm: number | null; deliveryFeeCents: number }> {
  const none = { point: null, distanceKm: null, deliveryFeeCents: 0 };
  if (payload.receiving_method !== 'delivery') return none;
  if (addOn) {
    // delivered with the parent order, to its address: no fee of its own
    const point =
      addOn.latitude !== null && addOn.longitude !== null
        ? { latitude: addOn.latitude, longitude: addOn.longitude }
        : null;
    return { ...none, point };
  }
  if (!payload.delivery_address?.trim()) {
    problems.push(requiredField('Delivery address'));
    return none;
  }
  const placed = await placeAddress(deps.geocoder, {
    latitude: payload.latitude,
    longitude: payload.longitude,
    address: payload.delivery_address,
  });
  if (!placed.ok) {
    problems.push(placed.message);
    return none;
  }
  // the storefront shows the lead chef's ranges (preset detail's delivery_fee_data), so the fee is the lead chef's
  const quote = quoteDelivery(chefs[0]!, placed.point);
  // the fee the storefront showed (ordering-payments §3 'Order payload'); absent: the server's stands
  if (sentFeeCents !== undefined && sentFeeCents !== quote.feeCents)
    problems.push(messages.deliveryFeeChanged(formatCents(quote.feeCents)));
  if (chefs.some((c) => !quoteDelivery(c, placed.point).deliverable)) problems.push(messages.notDeliverable);
  return { point: placed.point, distanceKm: roundKm(quote.distanceKm), deliveryFeeCents: quote.feeCents };
}

/** Tax: the place of supply's taxes on the delivery date (issue 17), then the order's totals. */
async function priceOrder(
  deps: OrderChecksDeps,
  payload: OrderPayload,
  lines: PreparedLine[],
  lead: OrderChef,
  when: { date: string | undefined; deliveryAt: Date | null },
  where: { point: Point | null; deliveryFeeCents: number },
  isAddOn: boolean,
  problems: string[],
) {
  const isDelivery = payload.receiving_method === 'delivery';
  let taxes: TaxLineRule[] = [];
  let place: PlaceOfSupply = chefPlace(lead);
  if (when.deliveryAt && (!isDelivery || where.point)) {
    const supply = await taxesOfSupply(deps.geocoder, lead, isDelivery ? where.point : null, when.date!);
    if (supply.ok) ({ taxes, place } = supply);
    else problems.push(supply.message);
  }
  const totals = computeTotals({
    lines: lines.map((l) => ({
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      menuItems: l.menuItems.map((i) => ({ priceCents: i.price_cents, quantity: i.quantity })),
      taxCategory: l.taxCategory,
    })),
    receivingMethod: payload.receiving_method,
    deliveryFeeCents: where.deliveryFeeCents,
    cutleryCount: payload.num_cutlery,
    taxes,
    isAddOn,
    tip: isAddOn ? null : tipOf(payload.tip_percent ?? null, payload.tip_cents),
  });
  return { taxes, place, totals };
}
