import { z } from 'zod';
import {
  EARLIEST_CALENDAR_DATE,
  isSaneCalendarDate,
  LATEST_CALENDAR_DATE,
  reportFiltersProblem,
} from '@caterway/domain';
import { taxLineSchema } from './orders.js';

// Spend reports (ordering-payments §2 'Reports page', §3 'Report response', §5, §7).

/** The client omits empty values; the server treats an empty one as absent too. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const reportDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        isSaneCalendarDate,
        `${label} must be a valid date (yyyy-MM-dd) between ${EARLIEST_CALENDAR_DATE} and ${LATEST_CALENDAR_DATE}.`,
      )
      .optional(),
  );

const filterFields = {
  start_date: reportDate('Delivery Start Date'),
  end_date: reportDate('Delivery End Date'),
  /** vendor (restaurant) name: case-insensitive "contains" */
  company: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Vendor name is too long.').optional()),
};
const checkFilters = (q: { start_date?: string; end_date?: string; company?: string }, ctx: z.RefinementCtx) => {
  const problem = reportFiltersProblem({ startDate: q.start_date, endDate: q.end_date, company: q.company });
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['start_date'] });
};

/** GET api/v2/user/user_catering_orders */
export const userCateringOrdersQuerySchema = z
  .object({
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Page must be a whole number.' })
        .int('Page must be a whole number.')
        .min(1, 'Page must be 1 or more.')
        .max(100_000, 'Page is too large.')
        .default(1),
    ),
    ...filterFields,
  })
  .superRefine(checkFilters);
export type UserCateringOrdersQuery = z.input<typeof userCateringOrdersQuerySchema>;

/**
 * GET api/v2/user/user_catering_orders.csv: the report's filters, with the same messages; every
 * matching order in one file (at most SPEND_EXPORT_MAX_ROWS), so there is no page.
 */
export const userCateringOrdersCsvQuerySchema = z.object(filterFields).superRefine(checkFilters);
export type UserCateringOrdersCsvQuery = z.input<typeof userCateringOrdersCsvQuerySchema>;

export const userCateringOrderRowSchema = z
  .object({
    id: z.number().int(),
    /** the delivery instant (ISO) */
    order_date_time: z.string(),
    /** the order's IANA zone: the delivery date is shown in it */
    time_zone: z.string(),
    /**
     * the delivery date and time in that zone as the report shows them ('Mar 9, 2026, 11:30 PM'),
     * formatted by the server with the same zone rules as the date filter (issue 17 part 5)
     */
    display_delivery_date_time: z.string(),
    /** the vendor (the lead restaurant's business name) */
    chef_name: z.string(),
    /** cents */
    total_price: z.number().int(),
    /** for View Details at /chefs/{preset_slug}/{id}; null when the preset was deleted */
    preset_slug: z.string().nullable(),
    /** an invoice PDF exists (invoiceAvailable of the order's status) */
    invoice_available: z.boolean(),
    // what finance reconciles (issue 17 part 3): the order's number, the buyer's references and its parts
    order_number: z.string(),
    /** the buyer's purchase-order number and cost centre, '' when not given */
    po_number: z.string(),
    cost_centre: z.string(),
    /** cents; subtotal + delivery fee + cutlery + each tax line + tip = total_price */
    subtotal_cents: z.number().int(),
    delivery_fee_cents: z.number().int(),
    cutlery_cents: z.number().int(),
    /** each tax charged as its own line (decision 033) */
    tax_lines: z.array(taxLineSchema),
    tip_cents: z.number().int(),
    /** the order's status and its label ('Delivery Ready') */
    status: z.string(),
    status_label: z.string(),
  })
  .meta({ id: 'UserCateringOrderRow' });
export type UserCateringOrderRow = z.infer<typeof userCateringOrderRowSchema>;

export const userCateringOrdersResponseSchema = z
  .object({
    user_catering_orders: z.array(userCateringOrderRowSchema),
    pagination: z.object({ per_page: z.number().int(), total_count: z.number().int(), total_pages: z.number().int() }),
  })
  .meta({ id: 'UserCateringOrders' });
export type UserCateringOrdersResponse = z.infer<typeof userCateringOrdersResponseSchema>;
