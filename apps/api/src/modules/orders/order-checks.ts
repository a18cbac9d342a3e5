import {
  addOnLimitProblem,
  CartPricingError,
  chefMinimumProblems,
  combinedTaxName,
  combinedTaxRate,
  computeTotals,
  deliveryInstant,
  deliveryScheduleProblems,
  deliveryWhenProblems,
  emptyOrderProblem,
  isOrderedLine,
  MAX_ORDER_TOTAL_CENTS,
  formatCents,
  itemQuantityProblem,
  lineSubtotalCents,
  messages,
  presetMinimumProblem,
  priceCart,
  processingInstant,
  servingDetailsProblem,
  sidesProblem,
  type PlaceOfSupply,
  type PricingMenu,
  type TaxLineRule,
} from '@caterway/domain';
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
export const ADD_ON_NOTICE_HOURS = 1;

/** Checks and prices an order; throws 422 { error, messages } listing every problem. */
export async function prepareOrder(
  deps: OrderChecksDeps,
  input: OrderPayload,
  userId: number,
  now: Date,
  options: { addOn?: AddOnOptions } = {},
): Promise<PreparedOrder> {
  const addOn = options.addOn;
  const { preset_items: _lines, delivery_fee: sentFeeCents, ...rest } = input;
  const payload: OrderPayload = {
    ...rest,
    preset_items: input.preset_items.map(({ price_cents: _price, ...line }) => line),
  };
  const ordered = payload.preset_items.filter((l) =>
    isOrderedLine({ quantity: l.quantity, itemQuantities: Object.values(l.menu_items_mapping) }),
  );
  // the preset, its chefs and the ordered menus in one read
  const found = await deps.catalogue.findForOrder(payload.preset_id, [...new Set(ordered.map((l) => l.menu_id))]);
  const preset = assertOrderablePreset(found.preset, userId);
  const chefs = found.chefs;
  const lead = chefs[0];
  if (!lead) throw notFound(messages.presetNotFound);
  const chefById = new Map(chefs.map((c) => [c.id, c]));
  const problems: string[] = [];

  // ---- lines: the menus are the preset's chefs' dishes; quantities and serving names (§5)
  const empty = emptyOrderProblem(
    ordered.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menu_items_mapping) })),
  );
  if (empty) problems.push(addOn ? messages.cartEmpty : empty);
  const menus = new Map<number, OrderMenuRow>(found.menus.map((m) => [m.id, m]));
  const lines: PreparedLine[] = [];
  for (const line of ordered) {
    const menu = menus.get(line.menu_id);
    if (!menu || menu.is_deleted || !chefById.has(menu.chef_id)) {
      problems.push(`Menu ${line.menu_id} is not available on this preset.`);
      continue;
    }
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
      continue;
    }
    const itemsById = new Map(menu.menu_items.map((i) => [i.id, i]));
    lines.push({
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
    });
  }

  // ---- vendor minimums (§5 'Vendor minimum')
  const subtotalOf = (chefId: number) =>
    lines.filter((l) => l.chefId === chefId).reduce((sum, l) => sum + l.lineSubtotalCents, 0);
  if (addOn) {
    const limit = addOnLimitProblem(lines.length, lead.addon_maximum_items_qty);
    if (limit) problems.push(limit);
  } else if (lines.length) {
    const chefsInOrder = chefs.filter((c) => lines.some((l) => l.chefId === c.id));
    problems.push(
      ...chefMinimumProblems(
        chefsInOrder.map((c) => ({
          name: c.business_name,
          minimumCents: c.pre_order_min_order_amount_cents,
          subtotalCents: subtotalOf(c.id),
        })),
      ),
    );
  }

  // ---- when: store hours of every chef, the preset's lead time and the horizon, in the lead chef's zone (§5)
  const isDelivery = payload.receiving_method === 'delivery';
  const date = isDelivery ? payload.delivery_date : payload.pickup_date;
  const time = isDelivery ? payload.delivery_time : payload.pickup_time;
  const timeZone = lead.time_zone;
  const deliveryAt = date && time ? deliveryInstant(date, time, timeZone) : null;
  if (!date) problems.push(messages.invalidDate);
  if (!time) problems.push(messages.invalidTime);
  if (date && time && !deliveryAt) problems.push(...deliveryWhenProblems(date, time));
  const noticeHours = addOn
    ? ADD_ON_NOTICE_HOURS
    : chefs.reduce((max, c) => Math.max(max, c.pre_order_notice_hours), 0);
  if (deliveryAt) {
    problems.push(
      ...deliveryScheduleProblems({
        delivery: deliveryAt,
        timeZone,
        stores: chefs.map((c) => ({ storeHours: c.store_hours, timeZone: c.time_zone })),
        noticeHours,
        now,
      }),
    );
  }

  // ---- who: the form's required fields not enforced by the schema (§5 'Checkout and order edit')
  if (!addOn && !payload.company_name.trim()) problems.push(requiredField('Company name'));

  // ---- where: delivery address, radius and fee by distance from the lead chef (§7, §9)
  let deliveryFeeCents = 0;
  let point: { latitude: number; longitude: number } | null = null;
  let distanceKm: number | null = null;
  if (isDelivery && addOn) {
    // delivered with the parent order, to its address: no fee of its own
    point =
      addOn.latitude !== null && addOn.longitude !== null
        ? { latitude: addOn.latitude, longitude: addOn.longitude }
        : null;
  } else if (isDelivery) {
    if (!payload.delivery_address?.trim()) problems.push(requiredField('Delivery address'));
    else {
      const placed = await placeAddress(deps.geocoder, {
        latitude: payload.latitude,
        longitude: payload.longitude,
        address: payload.delivery_address,
      });
      if (!placed.ok) problems.push(placed.message);
      else {
        point = placed.point;
        // the storefront shows the lead chef's ranges (preset detail's delivery_fee_data), so the fee is the lead chef's
        const quote = quoteDelivery(lead, point);
        distanceKm = roundKm(quote.distanceKm);
        deliveryFeeCents = quote.feeCents;
        // the fee the storefront showed (ordering-payments §3 'Order payload'); absent: the server's stands
        if (sentFeeCents !== undefined && sentFeeCents !== deliveryFeeCents)
          problems.push(messages.deliveryFeeChanged(formatCents(deliveryFeeCents)));
        const unreachable = chefs.some((c) => !quoteDelivery(c, placed.point).deliverable);
        if (unreachable) problems.push(messages.notDeliverable);
      }
    }
  }

  // ---- tax: the place of supply's taxes on the delivery date (issue 17)
  let taxes: TaxLineRule[] = [];
  let place: PlaceOfSupply = chefPlace(lead);
  if (deliveryAt && (!isDelivery || point)) {
    const supply = await taxesOfSupply(deps.geocoder, lead, isDelivery ? point : null, date!);
    if (supply.ok) ({ taxes, place } = supply);
    else problems.push(supply.message);
  }
  const tipPercent = payload.tip_percent ?? null;
  const tip = tipPercent !== null ? { percent: tipPercent } : payload.tip_cents ? { cents: payload.tip_cents } : null;
  const totals = computeTotals({
    lines: lines.map((l) => ({
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      menuItems: l.menuItems.map((i) => ({ priceCents: i.price_cents, quantity: i.quantity })),
      taxCategory: l.taxCategory,
    })),
    receivingMethod: payload.receiving_method,
    deliveryFeeCents,
    cutleryCount: payload.num_cutlery,
    taxes,
    isAddOn: Boolean(addOn),
    tip: addOn ? null : tip,
  });

  // ---- the preset's minimum, delivery on restaurant pages only, total with delivery and tax (§5)
  if (!addOn && isDelivery && preset.preset_type === 'restaurant' && lines.length) {
    const minimum = presetMinimumProblem(totals.totalCents, preset.minimum_order_amount_cents);
    if (minimum) problems.push(minimum);
  }

  if (addOn && lines.length && totals.totalCents <= 0) problems.push(messages.cartEmpty);
  if (totals.totalCents > MAX_ORDER_TOTAL_CENTS)
    problems.push(messages.orderTooLarge(formatCents(MAX_ORDER_TOTAL_CENTS)));
  if (problems.length) throw validationFailed([...new Set(problems)]);
  return {
    preset,
    chefs,
    lead,
    lines,
    totals,
    taxName: combinedTaxName(taxes),
    taxRate: combinedTaxRate(taxes),
    place,
    tipPercent: addOn ? null : tipPercent,
    corporate: corporateFieldsOf(payload),
    currency: lead.country === 'US' ? 'usd' : 'cad',
    deliveryAt: deliveryAt!,
    timeZone,
    orderProcessingAt: processingInstant(deliveryAt!, noticeHours),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    distanceKm,
    payload,
  };
}
