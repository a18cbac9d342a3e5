import type { Queryable } from '../../db/pool.js';
import { hasInvoiceColumn } from '../invoices/invoices.sql-parts.js';
import type { OrderItemRow, OrderRow, OrderDisplayContext } from '../orders/orders.types.js';
import type { InvoiceChefRow } from './order-history.types.js';

// moved below the repository (.dependency-cruiser.cjs); still importable from here within the module
export type { InvoiceChefRow } from './order-history.types.js';

// Reads of placed orders for My Orders, add-on lists and invoices. Placed = not a draft.

export type HistoryRow = OrderRow & OrderDisplayContext;
/** An add-on order as its list shows it. */
export type AddonRow = OrderRow & Pick<OrderDisplayContext, 'has_invoice'>;

export interface SavedMethodRow {
  payment_type: 'card' | 'acss_debit';
  brand: string;
  last4: string;
}

const CONTEXT = `p.slug AS preset_slug, COALESCE(c.business_name, o.preset_name) AS restaurant_name,
  COALESCE(c.addon_maximum_items_qty, 0) AS addon_limit,
  (SELECT count(*)::int FROM catering_orders a WHERE a.parent_order_id = o.id AND a.status <> 'draft' AND a.paid_at IS NOT NULL) AS addon_orders_count,
  ${hasInvoiceColumn('o')}`;

export function createOrderHistoryRepository(db: Queryable) {
  return {
    /** The user's placed orders that are not add-ons (those show under their parent), by delivery time. */
    async findPlacedByUser(userId: number): Promise<HistoryRow[]> {
      const { rows } = await db.query<HistoryRow>(
        `SELECT o.*, ${CONTEXT}
           FROM catering_orders o LEFT JOIN presets p ON p.id = o.preset_id LEFT JOIN chefs c ON c.id = o.chef_id
          WHERE o.user_id = $1 AND o.status <> 'draft' AND o.parent_order_id IS NULL
            -- a group order's combined order is listed as its group order (kind Group Order)
            AND o.group_order_uuid IS NULL
          ORDER BY o.delivery_at, o.id`,
        [userId],
      );
      return rows;
    },

    async findById(id: number): Promise<OrderRow | undefined> {
      const { rows } = await db.query<OrderRow>('SELECT * FROM catering_orders WHERE id = $1', [id]);
      return rows[0];
    },

    /**
     * The placed add-on orders of a parent, oldest first: paid at least once (a draft cancelled
     * with its parent has status Canceled but was never placed; decision 026).
     */
    async findPlacedAddons(parentId: number): Promise<AddonRow[]> {
      const { rows } = await db.query<AddonRow>(
        `SELECT o.*, ${hasInvoiceColumn('o')} FROM catering_orders o
          WHERE o.parent_order_id = $1 AND o.status <> 'draft' AND o.paid_at IS NOT NULL ORDER BY o.created_at, o.id`,
        [parentId],
      );
      return rows;
    },

    /** Items of several orders at once, keyed by order id. */
    async findItemsOf(orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
      const byOrder = new Map<number, OrderItemRow[]>(orderIds.map((id) => [id, []]));
      if (!orderIds.length) return byOrder;
      const { rows } = await db.query<OrderItemRow & { catering_order_id: number }>(
        `SELECT catering_order_id, id, position, line_key, menu_id, chef_id, menu_name, quantity, unit_price_cents, menu_items_mapping,
                menu_items, special_instruction, serving_details, line_subtotal_cents
           FROM catering_order_items WHERE catering_order_id = ANY($1::bigint[]) ORDER BY catering_order_id, position, id`,
        [orderIds],
      );
      for (const row of rows) byOrder.get(row.catering_order_id)?.push(row);
      return byOrder;
    },

    async findChef(chefId: number | null): Promise<InvoiceChefRow | undefined> {
      if (chefId === null) return undefined;
      const { rows } = await db.query<InvoiceChefRow>(
        'SELECT business_name, address1, address2, city, province, zip, country FROM chefs WHERE id = $1',
        [chefId],
      );
      return rows[0];
    },

    /** The user's saved record of a provider payment method (kept even once removed), if any. */
    async findSavedMethod(userId: number, paymentMethodId: string): Promise<SavedMethodRow | undefined> {
      const { rows } = await db.query<SavedMethodRow>(
        `SELECT payment_type, brand, last4 FROM user_payment_methods
          WHERE user_id = $1 AND payment_method_id = $2 ORDER BY deleted_at NULLS FIRST, id DESC LIMIT 1`,
        [userId, paymentMethodId],
      );
      return rows[0];
    },
  };
}
export type OrderHistoryRepository = ReturnType<typeof createOrderHistoryRepository>;
