import { z } from 'zod';

// The operations console (issue 5 item 1: staff only) and the customer's cancel
// (DELETE api/v2/catering_orders/{id}, browse-account-orders §4 Cancelling).

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const opsOrdersQuerySchema = z.object({ from: isoDate, to: isoDate });
export type OpsOrdersQuery = z.infer<typeof opsOrdersQuerySchema>;

/** The events staff can send from the console (the machine's staff moves). */
export const staffOrderEvents = ['accept', 'decline', 'mark_delivery_ready', 'mark_delivered', 'cancel'] as const;
export type StaffOrderEvent = (typeof staffOrderEvents)[number];

const opsOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  /** the delivery (or pickup) instant, ISO 8601 */
  delivery_at: z.string(),
  /** the delivery day in the order's zone (YYYY-MM-DD) */
  delivery_date: z.string(),
  display_delivery_date_time: z.string(),
  order_processing_at: z.string(),
  time_zone: z.string(),
  order_type: z.enum(['delivery', 'pickup']),
  customer: z.object({ name: z.string(), email: z.string(), company_name: z.string(), phone_number: z.string() }),
  restaurant: z.object({ name: z.string(), preset_name: z.string() }),
  totals: z.object({
    total_cents: z.number().int(),
    authorized_cents: z.number().int(),
    captured_cents: z.number().int(),
    refunded_cents: z.number().int(),
  }),
  status: z.string(),
  status_label: z.string(),
  display_status: z.enum(['Processing', 'Processed']).nullable(),
  processing: z.enum(['pending', 'processing', 'processed']),
  payment_status: z.string(),
  is_eft: z.boolean(),
  editable: z.boolean(),
  available_events: z.array(z.enum(staffOrderEvents)),
  /** operations must look at the order (a dispute, a failed or expired authorisation), since when; else null */
  attention: z.object({ reason: z.string(), since: z.string() }).nullable(),
});
export type OpsOrder = z.infer<typeof opsOrderSchema>;

export const opsOrdersResponseSchema = z.object({ orders: z.array(opsOrderSchema) });
export type OpsOrdersResponse = z.infer<typeof opsOrdersResponseSchema>;

export const opsOrderEventSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  from_status: z.string(),
  to_status: z.string(),
  actor_kind: z.enum(['customer', 'staff', 'system']),
  /** who: the staff or customer email, null for the system */
  actor_email: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type OpsOrderEvent = z.infer<typeof opsOrderEventSchema>;

export const opsOrderDetailResponseSchema = z.object({
  order: opsOrderSchema.extend({ events: z.array(opsOrderEventSchema) }),
});
export type OpsOrderDetailResponse = z.infer<typeof opsOrderDetailResponseSchema>;

export const opsOrderEventBodySchema = z.object({ event: z.enum(staffOrderEvents) });
export type OpsOrderEventBody = z.infer<typeof opsOrderEventBodySchema>;

/** DELETE api/v2/catering_orders/{id}: the My Orders page reads exactly this shape. */
export const cancelledOrderResponseSchema = z.object({
  catering_order: z.object({
    id: z.number().int(),
    status: z.string(),
    payment_status: z.string(),
    refunded_cents: z.number().int(),
  }),
});
export type CancelledOrderResponse = z.infer<typeof cancelledOrderResponseSchema>;
