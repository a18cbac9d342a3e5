import { z } from 'zod';
import { isDeliveryTime, MAX_TIP_CENTS, messages } from '@caterway/domain';
import { calendarDateSchema, corporateFields, emailSchema, onsiteContactFields } from './common.js';
import { customerOrderMessageSchema } from './partner-sold-out.js';

// Cart, checkout and orders on the wire (ordering-payments §3 Checkout line, Order payload,
// Catering order; §7 Calls). Prices the browser sends are ignored: the server reprices.

const dateString = calendarDateSchema('Please select valid date.');
// an impossible time ('25:99') is refused as a time, not as a date (issue 16 item 14)
const timeString = z
  .string()
  .trim()
  .min(1, 'Please fill in the required field.')
  .max(10)
  .refine((v) => v === '' || isDeliveryTime(v), messages.invalidTime);

export const servingDetailItemSchema = z.object({
  user_name: z.string().trim().min(1, 'User name is required.').max(100),
  quantity: z.number().int().gt(0, 'Quantity must be greater than 0.'),
  dietary_type: z.string().trim().max(60).default(''),
});
export const servingDetailSchema = z.object({
  id: z.union([z.number().int(), z.string().max(60)]),
  items: z.array(servingDetailItemSchema).max(500),
});

/** One cart line (ordering-payments §3 Checkout line). */
/** a bound on any quantity: the largest head count (group orders) is 10,000 too */
const MAX_QUANTITY = 10_000;

export const checkoutLineSchema = z
  .object({
    /** the preset item id, or a client id for added items */
    id: z.union([z.number().int(), z.string().max(60)]),
    menu_id: z.number().int().positive(),
    quantity: z.number().int().min(0, 'Please select non negative integer.').max(MAX_QUANTITY),
    /** ignored by the server: it reprices from the menu */
    price_cents: z.number().int().optional(),
    /** menu item id -> quantity */
    menu_items_mapping: z
      .record(
        z.string().regex(/^\d+$/),
        z.number().int().min(0, 'Please select non negative integer.').max(MAX_QUANTITY),
      )
      .default({}),
    special_instruction: z.string().max(500).default(''),
    serving_details: z.array(servingDetailSchema).max(100).default([]),
  })
  .meta({ id: 'CheckoutLine' });
export type CheckoutLine = z.input<typeof checkoutLineSchema>;

/** cutleryCount: a number, minimum 0, nullable (ordering-payments §5); absent or null means none. */
const cutleryCountSchema = z
  .number()
  .int()
  .min(0, 'Please select non negative integer.')
  .max(10_000)
  .nullish()
  .transform((n) => n ?? 0);

const personFields = {
  first_name: z.string().trim().min(1, 'Please fill in the required field.').max(80),
  last_name: z.string().trim().min(1, 'Please fill in the required field.').max(80),
  company_name: z.string().trim().max(200).default(''),
  phone_number: z.string().trim().min(1, 'Please fill in the required field.').max(40),
  email: emailSchema,
};

/** The order payload (ordering-payments §3): delivery or pickup. */
export const orderPayloadSchema = z
  .object({
    preset_id: z.number().int().positive(),
    preset_name: z.string().max(300).optional(),
    num_cutlery: cutleryCountSchema,
    serving_style: z.enum(['Individually Packaged', 'Family Style']),
    preset_items: z.array(checkoutLineSchema).max(300),
    receiving_method: z.enum(['delivery', 'pickup']),
    ...personFields,
    delivery_address: z.string().trim().max(300).optional(),
    delivery_suite_address: z.string().trim().max(200).optional(),
    delivery_date: dateString.optional(),
    delivery_time: timeString.optional(),
    delivery_instruction: z.string().max(1000).optional(),
    /**
     * cents: the fee the storefront showed. The server computes its own from the distance and
     * refuses a different one ('The delivery fee has changed to $X. ...'); absent, its own stands.
     */
    delivery_fee: z.number().int().min(0).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    pickup_date: dateString.optional(),
    pickup_time: timeString.optional(),
    pickup_instruction: z.string().max(1000).optional(),
    ...corporateFields,
    ...onsiteContactFields,
    /** a tip for the restaurant, after tax (issue 17): a percent of the food subtotal ... */
    tip_percent: z
      .union([z.literal(10), z.literal(15), z.literal(18)])
      .nullable()
      .optional(),
    /** ... or an amount in cents; none by default, never both */
    tip_cents: z
      .number()
      .int()
      .min(0, 'The tip cannot be negative.')
      .max(MAX_TIP_CENTS, 'The tip is too large.')
      .nullable()
      .optional(),
  })
  .refine((o) => o.tip_percent == null || o.tip_cents == null, {
    message: 'Choose a tip percent or an amount, not both.',
    path: ['tip_cents'],
  })
  .refine((o) => !o.onsite_contact_name === !o.onsite_contact_phone, {
    message: 'Please give both the on-site contact name and phone, or neither.',
    path: ['onsite_contact_phone'],
  })
  .meta({ id: 'OrderPayload' });
export type OrderPayload = z.input<typeof orderPayloadSchema>;

export const createCateringOrderBodySchema = z.object({
  catering_order: orderPayloadSchema,
  is_eft: z.boolean().default(false),
});
export type CreateCateringOrderBody = z.input<typeof createCateringOrderBodySchema>;
export const updateCateringOrderBodySchema = createCateringOrderBodySchema;
export type UpdateCateringOrderBody = z.input<typeof updateCateringOrderBodySchema>;

/** One tax charged: its name, rate (percent, 3 decimals), rounded cents, and a US sales tax's jurisdiction. */
export const taxLineSchema = z
  .object({ name: z.string(), rate_percent: z.number(), cents: z.number().int(), jurisdiction: z.string().nullable() })
  .meta({ id: 'TaxLine' });

export const orderTotalsSchema = z
  .object({
    subtotal_cents: z.number().int(),
    delivery_fee_cents: z.number().int(),
    cutlery_cents: z.number().int(),
    tax_cents: z.number().int(),
    total_cents: z.number().int(),
    /** the combined name and rate ("GST+QST", 14.975), as the preset's taxName/taxRate */
    tax_name: z.string(),
    tax_rate: z.number(),
    /** each tax as its own rounded line; their sum is tax_cents */
    tax_lines: z.array(taxLineSchema),
    tip_cents: z.number().int(),
  })
  .meta({ id: 'OrderTotals' });

export const savedCardSchema = z.object({ name: z.string(), payment_method_id: z.string() });

/** Answer of create/update (ordering-payments §3 Catering order). */
export const checkoutOrderSchema = z
  .object({
    id: z.number().int(),
    purchase_id: z.string(),
    client_secret: z.string().nullable(),
    saved_cards: z.array(savedCardSchema),
    is_eft: z.boolean(),
    full_name: z.string(),
    email: z.string(),
    status: z.string(),
    totals: orderTotalsSchema,
    /** a placed order's edit: where its payment stands (CardSetup: Update Payment Method needed) */
    payment_status: z.string().optional(),
    payment_error: z.string().nullable().optional(),
  })
  .meta({ id: 'CheckoutOrder' });
export const checkoutOrderResponseSchema = z.object({ catering_order: checkoutOrderSchema });
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;
export type CheckoutOrderResponse = z.infer<typeof checkoutOrderResponseSchema>;

/** POST api/v2/catering_orders/{id}/finalize, with an Idempotency-Key header. */
export const finalizeOrderBodySchema = z.object({
  purchase_id: z.string().min(1, messages.required).max(100),
  payment_method_id: z.string().min(1).max(200),
  save_card: z.boolean().default(false),
  /** bank debit: the confirmed setup intent, needed to keep the account when save_card is true */
  stripe_setup_intent_id: z.string().max(200).optional(),
});
export type FinalizeOrderBody = z.input<typeof finalizeOrderBodySchema>;

export const finalizedOrderResponseSchema = z.object({
  catering_order: z.object({
    id: z.number().int(),
    order_number: z.string(),
    status: z.string(),
    total_cents: z.number().int(),
    /**
     * scheduled: delivery is more than 6 days away, the card is kept and authorised 5 days before
     * delivery. requires_action: the card's bank asks for 3-D Secure: the browser completes it with
     * client_secret (Stripe's handleNextAction, or the sandbox's authenticate step), then calls
     * finalize again with a new Idempotency-Key.
     */
    payment_status: z.enum(['authorized', 'processing', 'captured', 'failed', 'scheduled', 'requires_action']),
    client_secret: z.string().optional(),
    payment_intent_id: z.string().optional(),
  }),
});
export type FinalizedOrderResponse = z.infer<typeof finalizedOrderResponseSchema>;

/** POST api/v2/delivery_fee_by_distance */
export const deliveryFeeBodySchema = z.object({
  chef_id: z.number().int().positive(),
  user_lat: z.number().min(-90).max(90).optional(),
  user_lng: z.number().min(-180).max(180).optional(),
  address: z.string().trim().max(300).optional(),
});
export type DeliveryFeeBody = z.input<typeof deliveryFeeBodySchema>;
export const deliveryFeeResponseSchema = z.object({
  delivery_fee: z.number().int(),
  distance_km: z.number().nullable(),
  deliverable: z.boolean(),
  /** why the chef cannot deliver there, when deliverable is false */
  message: z.string().optional(),
  ranges: z.array(z.object({ min_km: z.number(), max_km: z.number(), fee_cents: z.number().int() })),
  store_hours: z.record(z.string(), z.object({ enabled: z.boolean(), open: z.string(), close: z.string() })),
});
export type DeliveryFeeResponse = z.infer<typeof deliveryFeeResponseSchema>;

/** A purchase item as the edit page reads it (ordering-payments §3 Purchase item): the dish, then its chosen menu items. */
export const purchaseItemSchema = z
  .object({
    /** the cart line's id, or '{line}-{menu item}' for a menu item of it */
    id: z.string(),
    parent_id: z.number().int().nullable(),
    model_id: z.number().int().nullable(),
    model_type: z.enum(['Menu', 'MenuItem']),
    amount: z.number().int(),
    item_price: z.number().int(),
    menu_name: z.string(),
    name: z.string(),
    detail: z.string(),
    serving_details: z.array(servingDetailSchema),
    /** amount x item_price, in cents (browse-account-orders §3 'subTotal') */
    sub_total: z.number().int(),
  })
  .meta({ id: 'PurchaseItem' });

/** Shown in green instead of the status label once processing time has come (§4 Order statuses). */
export const displayStatusSchema = z.enum(['Processing', 'Processed']);

/** GET api/v2/catering_orders/{id} (ordering-payments §3 'Order as read by the edit page'). */
export const cateringOrderDetailSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    purchase_id: z.string(),
    status: z.string(),
    preset_id: z.number().int().nullable(),
    preset_name: z.string(),
    chef_id: z.number().int().nullable(),
    order_type: z.enum(['delivery', 'pickup']),
    /** ISO instant of the delivery (or pickup) */
    order_date_time: z.string(),
    /** 'yyyy-MM-dd' and 'hh:mm AM' in the restaurant's zone, for the edit form */
    delivery_date: z.string(),
    delivery_time: z.string(),
    time_zone: z.string(),
    display_delivery_date_time: z.string(),
    order_processing_at: z.string(),
    delivery_address: z.string(),
    delivery_suite_address: z.string(),
    more_detail: z.string(),
    extra_info: z.object({ serving_style: z.string(), num_cutlery: z.number().int() }),
    first_name: z.string(),
    last_name: z.string(),
    company_name: z.string(),
    phone_number: z.string(),
    email: z.string(),
    /** the cart lines as sent back to the checkout (menu_id, quantity, mapping, ...) */
    preset_items: z.array(
      z.object({
        id: z.union([z.number().int(), z.string()]),
        menu_id: z.number().int().nullable(),
        chef_id: z.number().int().nullable(),
        name: z.string(),
        quantity: z.number().int(),
        price_cents: z.number().int(),
        menu_items_mapping: z.record(z.string(), z.number().int()),
        special_instruction: z.string(),
        serving_details: z.array(servingDetailSchema),
        line_subtotal_cents: z.number().int(),
      }),
    ),
    purchase_items: z.array(purchaseItemSchema),
    totals: orderTotalsSchema,
    /** the tip chosen as a percent (10, 15, 18); null: an amount (totals.tip_cents) or none */
    tip_percent: z.number().int().nullable(),
    total_price: z.number().int(),
    is_eft: z.boolean(),
    /** 'acss_debit' for bank debit, 'card' otherwise */
    purchased_with: z.enum(['card', 'acss_debit']),
    selected_stripe_payment_method: z.string().nullable(),
    payment_status: z.string(),
    /** the provider's message of the last declined payment, shown in the order details */
    payment_error: z.string().nullable(),
    saved_cards: z.array(savedCardSchema),
    /**
     * The upcoming-order rule (browse-account-orders §4) as the server's clock decides it now:
     * true only when Edit and Cancel may show; edit_message says why not.
     */
    editable: z.boolean(),
    /** the upcoming-order rule at the server's clock (browse-account-orders §4): edit allowed, or why not */
    edit_rule: z.object({ allowed: z.boolean(), message: z.string().nullable() }),
    /** the chef's add-on limit (addonMaximumItemsQty); 0: the restaurant takes no add-on orders */
    addon_maximum_items_qty: z.number().int(),
    parent_order_id: z.number().int().nullable(),
    /** an add-on order's parent (ordering-payments §3 'Add-on order info') */
    add_on: z
      .object({
        parent_order_id: z.number().int(),
        parent_order_number: z.string(),
        /** the parent's page, /chefs/{presetSlug}/{parentId}; the add-on checkout sends it back as parent_token */
        parent_tokanize_link: z.string(),
        order_date_time: z.string(),
        display_delivery_date_time: z.string(),
        order_delivery_in_past: z.boolean(),
      })
      .nullable(),
    // the order detail modal (browse-account-orders §2 'Order detail modal', §3 'Catering order detail')
    edit_message: z.string().nullable(),
    status_label: z.string(),
    display_status: displayStatusSchema.nullable(),
    items_total: z.number().int(),
    delivery_fee: z.number().int(),
    sales_tax: z.number().int(),
    display_delivery_address: z.string(),
    is_addon_orders_enabled: z.boolean(),
    /**
     * The order was delivered, or its delivery time has passed, at the server's clock: an add-on
     * to it is refused (409), so My Orders sends Add Addon Order to /complete-addon-order.
     */
    delivery_in_past: z.boolean(),
    /** an invoice to download: issued already (whatever the status since), or the order is delivery-ready or delivered */
    invoice_available: z.boolean(),
    preset_slug: z.string().nullable(),
    restaurant_name: z.string(),
    // issue 17 part 3: what the buyer filled in ('' when not given)
    po_number: z.string(),
    cost_centre: z.string(),
    onsite_contact_name: z.string(),
    onsite_contact_phone: z.string(),
    /** what its restaurants told the customer about it, oldest first (a substitute for a sold-out dish; decision 053) */
    restaurant_messages: z.array(customerOrderMessageSchema),
  })
  .meta({ id: 'CateringOrderDetail' });

/** POST api/v2/catering_orders/{id}/add_on_order: the add-on draft (My Orders opens the add-on page with it). */
export const addOnOrderResponseSchema = z.object({ id: z.number().int(), preset_id: z.number().int() });
export type AddOnOrderResponse = z.infer<typeof addOnOrderResponseSchema>;

/** PUT api/v2/catering_orders/{purchaseId}/update_addon_order (ordering-payments §7: cart, eft). */
export const addOnCartSchema = z
  .object({
    preset_items: z.array(checkoutLineSchema).max(300),
    num_cutlery: cutleryCountSchema,
    serving_style: z.enum(['Individually Packaged', 'Family Style']),
    ...personFields,
    delivery_suite_address: z.string().trim().max(200).optional(),
    delivery_instruction: z.string().max(1000).optional(),
    pickup_instruction: z.string().max(1000).optional(),
    ...corporateFields,
  })
  .meta({ id: 'AddOnCart' });
export const updateAddOnOrderBodySchema = z.object({
  cart: addOnCartSchema,
  eft: z.boolean().default(false),
  /** the parentTokanizeLink the add-on page was opened for: another order's answers 409 */
  parent_token: z.string().max(300).optional(),
});
export type UpdateAddOnOrderBody = z.input<typeof updateAddOnOrderBodySchema>;
export const purchaseIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** PUT api/v2/catering_orders/{id}/payment_method: Update Payment Method of a placed order. */
export const updateOrderPaymentMethodBodySchema = z.object({
  payment_method_id: z.string().min(1).max(200),
  save_card: z.boolean().default(false),
  is_eft: z.boolean().default(false),
  stripe_setup_intent_id: z.string().max(200).optional(),
});
export type UpdateOrderPaymentMethodBody = z.input<typeof updateOrderPaymentMethodBodySchema>;
export const cateringOrderDetailResponseSchema = z.object({ catering_order: cateringOrderDetailSchema });
export type CateringOrderDetail = z.infer<typeof cateringOrderDetailSchema>;
export type CateringOrderDetailResponse = z.infer<typeof cateringOrderDetailResponseSchema>;
