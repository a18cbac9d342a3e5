import { z } from 'zod';
import { calendarDateSchema } from './common.js';

// A restaurant's statements (issue 19 part 5; docs/decisions/057): per week or month, the orders it
// delivered with its share of each (food, delivery fee, taxes, tip), Caterway's commission on the
// food and the net owed; and the commission rate operations set. Owners, managers and operations.

export const statementPeriods = ['week', 'month'] as const;

/** GET api/v2/partner/restaurants/{chefId}/statements(.csv|.pdf)?period=week|month&start=yyyy-MM-dd */
export const partnerStatementQuerySchema = z.object({
  period: z.enum(statementPeriods, { message: 'Period must be week or month.' }).default('month'),
  /** any day of the period (the server answers the whole week, Monday to Sunday, or the month); today by default */
  start: calendarDateSchema('Start must be a date (yyyy-MM-dd).').optional(),
});
export type PartnerStatementQuery = z.input<typeof partnerStatementQuerySchema>;

const periodSchema = z.object({
  period: z.enum(statementPeriods),
  start: z.string(),
  /** the last day, inclusive */
  end: z.string(),
  label: z.string(),
});
export type PartnerStatementPeriod = z.infer<typeof periodSchema>;

export const partnerStatementLineSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  /** the delivery day in the restaurant's time zone */
  delivery_date: z.string(),
  customer: z.string(),
  /** the restaurant's own lines and its share of the cutlery */
  food_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  tax_cents: z.number().int(),
  tip_cents: z.number().int(),
  commission_rate_bps: z.number().int(),
  commission_cents: z.number().int(),
  net_cents: z.number().int(),
  /** another restaurant cooked part of this order: the order-level figures are split by food */
  shared: z.boolean(),
});
export type PartnerStatementLine = z.infer<typeof partnerStatementLineSchema>;

export const partnerStatementTotalsSchema = z.object({
  orders: z.number().int(),
  food_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  tax_cents: z.number().int(),
  tip_cents: z.number().int(),
  commission_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type PartnerStatementTotals = z.infer<typeof partnerStatementTotalsSchema>;

export const partnerStatementResponseSchema = z.object({
  restaurant: z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() }),
  currency: z.enum(['cad', 'usd']),
  period: periodSchema,
  previous: periodSchema,
  /** null when the next period has not begun */
  next: periodSchema.nullable(),
  lines: z.array(partnerStatementLineSchema),
  totals: partnerStatementTotalsSchema,
  /** the periods of this kind that have delivered orders, newest first (at most 36) */
  periods_with_orders: z.array(periodSchema.extend({ orders: z.number().int() })),
});
export type PartnerStatement = z.infer<typeof partnerStatementResponseSchema>;

// ---- the commission rate
export const partnerCommissionRateSchema = z.object({
  rate_bps: z.number().int(),
  effective_from: z.string(),
  set_at: z.string().nullable(),
  set_by: z.string().nullable(),
});

export const partnerCommissionResponseSchema = z.object({
  /** the rate in force today (the default when operations never set one) */
  current_bps: z.number().int(),
  default_bps: z.number().int(),
  /** every rate set, newest day first; a rate from a day after today is scheduled */
  history: z.array(partnerCommissionRateSchema),
  /** whether the caller may set it (operations) */
  can_edit: z.boolean(),
});
export type PartnerCommission = z.infer<typeof partnerCommissionResponseSchema>;

/** PUT api/v2/partner/restaurants/{chefId}/commission (operations): a rate from a day on (today or later) */
export const partnerCommissionBodySchema = z.object({
  rate_bps: z
    .number({ message: 'Rate must be a whole number of basis points.' })
    .int('Rate must be a whole number of basis points.')
    .min(0, 'Rate must be between 0.00% and 100.00%.')
    .max(10_000, 'Rate must be between 0.00% and 100.00%.'),
  effective_from: calendarDateSchema('Effective from must be a date (yyyy-MM-dd).'),
});
export type PartnerCommissionBody = z.infer<typeof partnerCommissionBodySchema>;
