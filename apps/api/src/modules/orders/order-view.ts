import { addonOrdersEnabled, displayStatus, editRule, invoiceAvailable, statusLabel } from '@caterway/domain';
import type { OrderItemRow, OrderRow } from './orders.repository.js';
import type { OrderDisplayContext } from './orders.types.js';

export type { OrderDisplayContext } from './orders.types.js';

// How a placed order reads in My Orders and its detail modal (browse-account-orders §2-§4).
// The rule fields are computed here, by the server's clock, so the browser never guesses.

/**
 * An invoice to download: one was issued (it stays downloadable whatever the order became, e.g.
 * cancelled with a credit note after capture; docs/decisions/034), or the order is
 * delivery-ready or delivered, when its first download issues it.
 */
export const invoiceDownloadable = (order: { status: string; has_invoice: boolean }) =>
  order.has_invoice || invoiceAvailable(order.status);

export function orderRuleView(
  order: OrderRow,
  context: Pick<OrderDisplayContext, 'addon_limit' | 'has_invoice'>,
  now: Date,
) {
  const rule = editRule(
    {
      status: order.status,
      deliveryAt: order.delivery_at,
      processingAt: order.order_processing_at,
      editable: order.editable,
    },
    now,
  );
  return {
    editable: rule.allowed,
    edit_message: rule.allowed ? null : rule.message,
    status_label: statusLabel(order.status),
    display_status: displayStatus(order.processing, order.status),
    invoice_available: invoiceDownloadable({ status: order.status, has_invoice: context.has_invoice }),
    is_addon_orders_enabled: addonOrdersEnabled({
      status: order.status,
      parentOrderId: order.parent_order_id,
      addonLimit: context.addon_limit,
    }),
  };
}

const DELIVERED: readonly string[] = ['Delivered', 'customer_paid'];

/**
 * Delivered, or its delivery time has passed, at `now`: too late for an add-on (ordering-payments
 * §2 'Add-on order page': such a parent leads to /complete-addon-order).
 */
export function deliveryInPast(order: Pick<OrderRow, 'status' | 'delivery_at'>, now: Date): boolean {
  return DELIVERED.includes(order.status) || order.delivery_at.getTime() <= now.getTime();
}

/**
 * An add-on's parentTokanizeLink (ordering-payments §3 'Add-on order info'): the parent order's
 * page, /chefs/{presetSlug}/{parentId} (the preset id when it has no slug).
 */
export function parentTokanizeLink(presetSlug: string | null, parent: Pick<OrderRow, 'id' | 'preset_id'>): string {
  return `/chefs/${encodeURIComponent(presetSlug ?? String(parent.preset_id))}/${parent.id}`;
}

/** The delivery address on one line, or the pickup note (§3 displayDeliveryAddress). */
export function displayDeliveryAddress(order: OrderRow): string {
  if (order.receiving_method === 'pickup') return 'Pickup at the restaurant';
  return [order.delivery_suite_address, order.delivery_address].filter(Boolean).join(', ');
}

/** The taxes charged as the wire carries them (contracts taxLineSchema): each its own rounded line. */
export function taxLinesView(order: Pick<OrderRow, 'tax_lines'>) {
  return order.tax_lines.map((l) => ({
    name: l.name,
    rate_percent: Number(l.rate_percent),
    cents: l.cents,
    jurisdiction: l.jurisdiction,
  }));
}

/** Each cart line, then its chosen menu items (§3 purchaseItems: id, parentId, modelType, ...). */
export function purchaseItemsOf(items: OrderItemRow[]) {
  return items.flatMap((i) => [
    {
      id: String(i.id),
      parent_id: i.menu_id,
      model_id: i.menu_id,
      model_type: 'Menu' as const,
      amount: i.quantity,
      item_price: i.unit_price_cents,
      menu_name: i.menu_name,
      name: i.menu_name,
      detail: i.special_instruction,
      serving_details: i.serving_details,
      sub_total: i.unit_price_cents * i.quantity,
    },
    ...i.menu_items.map((m) => ({
      id: `${i.id}-${m.id}`,
      parent_id: i.menu_id,
      model_id: m.id,
      model_type: 'MenuItem' as const,
      amount: m.quantity,
      item_price: m.price_cents,
      menu_name: i.menu_name,
      name: m.name,
      detail: '',
      serving_details: [],
      sub_total: m.price_cents * m.quantity,
    })),
  ]);
}
