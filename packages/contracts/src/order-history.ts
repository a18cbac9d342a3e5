import { z } from 'zod';
import { displayStatusSchema, purchaseItemSchema, taxLineSchema } from './orders.js';

// My Orders (browse-account-orders §2 'My Orders page', §3 'Order history entry', §7).

/** Catering Order now; Group Order when group orders join the list (issue 6). */
export const orderKindSchema = z.enum(['Catering Order', 'Group Order']);

export const orderHistoryEntrySchema = z
  .object({
    id: z.number().int(),
    /** the restaurant's name */
    name: z.string(),
    created_at: z.string(),
    display_delivery_date_time: z.string(),
    status: z.string(),
    /** the label of the status (Card Setup, Delivery Ready, ...) */
    status_label: z.string(),
    /** Processing or Processed (shown in green instead of the label), else null */
    display_status: displayStatusSchema.nullable(),
    order_number: z.string(),
    order_type: orderKindSchema,
    /** cents */
    total_amount: z.number().int(),
    /** ISO instants */
    delivery_date_time: z.string(),
    order_processing_at: z.string(),
    display_processing_date_time: z.string(),
    time_zone: z.string(),
    preset_id: z.number().int().nullable(),
    preset_name: z.string(),
    preset_slug: z.string().nullable(),
    /** the upcoming-order rule at the server's clock: Edit and Cancel show only when true */
    editable: z.boolean(),
    edit_message: z.string().nullable(),
    /** an invoice to download: issued already (whatever the status since), or the order is delivery-ready or delivered */
    invoice_available: z.boolean(),
    is_addon_orders_enabled: z.boolean(),
    parent_order_id: z.number().int().nullable(),
    addon_orders_count: z.number().int(),
  })
  .meta({ id: 'OrderHistoryEntry' });
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** GET api/v2/order_history: the user's placed orders, split at the server's clock. */
export const orderHistoryResponseSchema = z
  .object({ upcoming: z.array(orderHistoryEntrySchema), past: z.array(orderHistoryEntrySchema) })
  .meta({ id: 'OrderHistory' });
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

export const addonOrderSchema = z
  .object({
    id: z.number().int(),
    parent_order_id: z.number().int(),
    order_number: z.string(),
    status: z.string(),
    status_label: z.string(),
    created_at: z.string(),
    items_total: z.number().int(),
    delivery_fee: z.number().int(),
    /** cutlery, plates and napkins: pieces and their price before tax (ordering-payments §9) */
    num_cutlery: z.number().int(),
    cutlery_cents: z.number().int(),
    /** the sum of tax_lines */
    sales_tax: z.number().int(),
    total_price: z.number().int(),
    /** the combined name and rate ("GST+QST", 14.975); tax_lines has each tax */
    tax_name: z.string(),
    tax_rate: z.number(),
    /** each tax as its own rounded line, as charged (docs/decisions/033) */
    tax_lines: z.array(taxLineSchema),
    /** added after tax; 0 when none */
    tip_cents: z.number().int(),
    purchase_items: z.array(purchaseItemSchema),
    /** an invoice to download: issued already, or the order is delivery-ready or delivered */
    invoice_available: z.boolean(),
  })
  .meta({ id: 'AddonOrder' });
export type AddonOrder = z.infer<typeof addonOrderSchema>;

/** GET api/v2/catering_orders/{id}/addon_orders */
export const addonOrdersResponseSchema = z
  .object({ addon_orders: z.array(addonOrderSchema) })
  .meta({ id: 'AddonOrders' });
export type AddonOrdersResponse = z.infer<typeof addonOrdersResponseSchema>;

/** GET api/v2/catering_order_invoices/{id}.pdf */
export const invoiceParamsSchema = z.object({ id: z.coerce.number().int().positive() });
