import type { AddonOrder, OrderHistoryEntry, OrderHistoryResponse } from '@caterway/contracts';
import { isUpcoming, statusLabel, wireStatus } from '@caterway/domain';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { invoiceDownloadable, orderRuleView, purchaseItemsOf, taxLinesView } from '../orders/order-view.js';
import { displayDateTime } from '../orders/orders.email.js';
import type { OrderItemRow, OrderRow } from '../orders/orders.types.js';
import type { AddonRow, HistoryRow, OrderHistoryRepository } from './order-history.repository.js';

// My Orders and add-on lists (browse-account-orders §2, §3; issue 5 items 2, 3); invoices are the
// invoices module's.
// Every rule field comes from packages/domain at this server's clock.

export interface OrderHistoryServiceDeps {
  history: OrderHistoryRepository;
  clock: Clock;
  /** the user's group orders as entries of kind Group Order (group-orders module) */
  groupEntries?: (
    userId: number,
    now: Date,
  ) => Promise<{ entry: OrderHistoryEntry; upcoming: boolean; deliveryAt: Date }[]>;
}

export function createOrderHistoryService(deps: OrderHistoryServiceDeps) {
  const { history, clock } = deps;

  async function ownOrder(id: number, userId: number): Promise<OrderRow> {
    const order = await history.findById(id);
    // another user's order and a draft answer 404 exactly like an unknown id
    if (!order || order.user_id !== userId || order.status === 'draft') throw notFound('Order not found');
    return order;
  }

  function entry(row: HistoryRow, now: Date): OrderHistoryEntry {
    return {
      id: row.id,
      name: row.restaurant_name,
      created_at: row.created_at.toISOString(),
      display_delivery_date_time: displayDateTime(row.delivery_at, row.time_zone),
      status: row.status,
      order_number: row.order_number,
      order_type: 'Catering Order',
      total_amount: row.total_cents,
      delivery_date_time: row.delivery_at.toISOString(),
      order_processing_at: row.order_processing_at.toISOString(),
      display_processing_date_time: displayDateTime(row.order_processing_at, row.time_zone),
      time_zone: row.time_zone,
      preset_id: row.preset_id,
      preset_name: row.preset_name,
      preset_slug: row.preset_slug,
      parent_order_id: row.parent_order_id,
      addon_orders_count: row.addon_orders_count,
      ...orderRuleView(row, row, now),
    };
  }

  function addonOf(order: AddonRow, items: OrderItemRow[]): AddonOrder {
    return {
      id: order.id,
      parent_order_id: order.parent_order_id!,
      order_number: order.order_number,
      status: wireStatus(order.status),
      status_label: statusLabel(order.status),
      created_at: order.created_at.toISOString(),
      items_total: order.subtotal_cents,
      delivery_fee: order.delivery_fee_cents,
      num_cutlery: order.num_cutlery,
      cutlery_cents: order.cutlery_cents,
      sales_tax: order.tax_cents,
      total_price: order.total_cents,
      tax_name: order.tax_name,
      tax_rate: Number(order.tax_rate),
      tax_lines: taxLinesView(order),
      tip_cents: order.tip_cents,
      purchase_items: purchaseItemsOf(items),
      invoice_available: invoiceDownloadable(order),
    };
  }

  return {
    /** GET api/v2/order_history: upcoming and past split at the server's clock (§4 isUpcoming). */
    async list(userId: number): Promise<OrderHistoryResponse> {
      const now = clock.now();
      const rows = await history.findPlacedByUser(userId);
      const upcoming: OrderHistoryEntry[] = [];
      const past: OrderHistoryEntry[] = [];
      const all: { entry: OrderHistoryEntry; upcoming: boolean; deliveryAt: Date }[] = rows.map((row) => ({
        entry: entry(row, now),
        upcoming: isUpcoming({ status: row.status, deliveryAt: row.delivery_at }, now),
        deliveryAt: row.delivery_at,
      }));
      if (deps.groupEntries) all.push(...(await deps.groupEntries(userId, now)));
      all.sort((a, b) => a.deliveryAt.getTime() - b.deliveryAt.getTime());
      for (const e of all) (e.upcoming ? upcoming : past).push(e.entry);
      // the next delivery first; the most recent past order first
      past.reverse();
      return { upcoming, past };
    },

    /** GET api/v2/catering_orders/{id}/addon_orders: the owner's only, else 404. */
    async addons(userId: number, parentId: number): Promise<{ addon_orders: AddonOrder[] }> {
      const parent = await ownOrder(parentId, userId);
      const addons = (await history.findPlacedAddons(parent.id)).filter((a) => a.user_id === userId);
      const items = await history.findItemsOf(addons.map((a) => a.id));
      return { addon_orders: addons.map((a) => addonOf(a, items.get(a.id) ?? [])) };
    },
  };
}
export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
