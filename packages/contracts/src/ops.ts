import { z } from 'zod';
import { EARLIEST_CALENDAR_DATE, isSaneCalendarDate, LATEST_CALENDAR_DATE } from '@caterway/domain';
import { calendarDateSchema } from './common.js';

// The operations console (issue 5 item 1: staff only) and the customer's cancel
// (DELETE api/v2/catering_orders/{id}, browse-account-orders §4 Cancelling).

/** The longest range of delivery days the console lists at once. */
export const OPS_MAX_RANGE_DAYS = 62;
export const opsMessages = {
  invalidDates: `Choose valid dates (YYYY-MM-DD, from ${EARLIEST_CALENDAR_DATE} to ${LATEST_CALENDAR_DATE}).`,
  backwards: 'The end date must be on or after the start date.',
  tooLong: `Choose at most ${OPS_MAX_RANGE_DAYS} days.`,
} as const;

/** from and to: real calendar days in a sane range (year 0 or 2026-02-30 is a 422, never a 500), in order, at most 62 days apart. */
export const opsOrdersQuerySchema = z
  .object({ from: calendarDateSchema(opsMessages.invalidDates), to: calendarDateSchema(opsMessages.invalidDates) })
  .superRefine((q, ctx) => {
    if (!isSaneCalendarDate(q.from) || !isSaneCalendarDate(q.to)) return; // already refused above
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', message: opsMessages.backwards, path: ['to'] });
    else if (days > OPS_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', message: opsMessages.tooLong, path: ['to'] });
  });
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
  /**
   * what the restaurant is told with the order (issue 17 part 3): the person receiving the food
   * when it is not the customer (null otherwise), and the buyer's purchase-order number ('' if none)
   */
  onsite_contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  po_number: z.string(),
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
  actor_kind: z.enum(['customer', 'staff', 'restaurant', 'system']),
  /** who: the staff, restaurant team member or customer email, null for the system */
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

/**
 * GET api/v2/ops/escalations: what restaurants left unanswered past their ladder (issue 19 part 1),
 * the soonest delivery first. Operations accept or decline a new order from the console
 * (POST api/v2/ops/orders/{id}/events) and acknowledge the rest for the restaurant through the
 * partner API.
 */
export const opsEscalationSchema = z.object({
  request_id: z.number().int(),
  kind: z.enum(['new_order', 'add_on', 'edit', 'cancellation', 'reconfirmation']),
  order_id: z.number().int(),
  order_number: z.string(),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  /** who to call: the restaurant's owners and managers (or its notification addresses) */
  contacts: z.array(z.string()),
  display_delivery_date_time: z.string(),
  received_at: z.string(),
  company_name: z.string(),
  portions: z.number().int(),
  items_total_cents: z.number().int(),
});
export type OpsEscalation = z.infer<typeof opsEscalationSchema>;
export const opsEscalationsResponseSchema = z.object({ escalations: z.array(opsEscalationSchema) });
export type OpsEscalationsResponse = z.infer<typeof opsEscalationsResponseSchema>;
