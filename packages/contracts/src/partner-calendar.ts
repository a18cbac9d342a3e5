import { z } from 'zod';
import { MAX_REASON_LENGTH, MAX_WINDOWS_PER_DAY, messages } from '@caterway/domain';

// A restaurant's calendar in the portal (issue 19 part 2; decision 055): weekly hours with
// several delivery windows a day, closures and one-off changes, the statutory holidays offered
// as closures, the pause on new orders, and the ordering rules (lead time, minimum order).
// The rules (15-minute steps, no overlaps, end on or after start, ...) are packages/domain
// calendar.ts; the server answers 422 with their messages.

const HHMM = /^\d{2}:\d{2}$/;
const hhmm = z.string().trim().regex(HHMM, 'Enter a time as HH:mm.');

export const partnerTimeWindowSchema = z.object({ open: hhmm, close: hhmm });
export type PartnerTimeWindow = z.infer<typeof partnerTimeWindowSchema>;

export const partnerWeeklyDaySchema = z.object({
  enabled: z.boolean(),
  windows: z.array(partnerTimeWindowSchema).max(MAX_WINDOWS_PER_DAY),
});
export const partnerWeeklyHoursSchema = z.object({
  monday: partnerWeeklyDaySchema,
  tuesday: partnerWeeklyDaySchema,
  wednesday: partnerWeeklyDaySchema,
  thursday: partnerWeeklyDaySchema,
  friday: partnerWeeklyDaySchema,
  saturday: partnerWeeklyDaySchema,
  sunday: partnerWeeklyDaySchema,
});
export type PartnerWeeklyHours = z.infer<typeof partnerWeeklyHoursSchema>;

const dateText = z.string().trim().max(10);

export const partnerClosureSchema = z.object({
  id: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** null: closed all day; else open only in these windows */
  windows: z.array(partnerTimeWindowSchema).nullable(),
  reason: z.string(),
  /** the statutory holiday it was added from ('2026-12-25 Christmas Day'), if any */
  holiday: z.string().nullable(),
});
export type PartnerClosure = z.infer<typeof partnerClosureSchema>;

/** POST .../calendar/closures */
export const partnerClosureBodySchema = z.object({
  starts_on: dateText.refine((v) => v.length > 0, messages.invalidDate),
  ends_on: dateText.refine((v) => v.length > 0, messages.invalidDate),
  windows: z.array(partnerTimeWindowSchema).max(MAX_WINDOWS_PER_DAY).nullable().default(null),
  /** why ('' for none): shown to the team, never to customers */
  reason: z.string().trim().max(200).default(''),
  holiday: z.string().trim().max(120).nullable().default(null),
});
export type PartnerClosureBody = z.input<typeof partnerClosureBodySchema>;

export const partnerClosureParamsSchema = z.object({
  chefId: z.coerce.number().int().positive(),
  closureId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

export const partnerPauseSchema = z.object({
  /** ISO instant; null: taking orders */
  paused_until: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PartnerPause = z.infer<typeof partnerPauseSchema>;

/** PUT .../calendar/pause: until an instant, or for the rest of the restaurant's day */
export const partnerPauseBodySchema = z
  .object({
    until: z.iso.datetime({ offset: true }).optional(),
    rest_of_today: z.boolean().optional(),
    reason: z.string().trim().max(MAX_REASON_LENGTH).nullable().optional(),
  })
  .refine((b) => (b.until === undefined) !== (b.rest_of_today !== true), {
    message: 'Choose when the pause ends, or pause for the rest of today.',
    path: ['until'],
  });
export type PartnerPauseBody = z.infer<typeof partnerPauseBodySchema>;

export const partnerOrderingRulesSchema = z.object({
  /** lead time: hours of notice before a delivery */
  notice_hours: z
    .number()
    .int()
    .min(0, 'The lead time cannot be negative.')
    .max(336, 'The lead time can be at most 336 hours (14 days).'),
  /** the restaurant's minimum order (food subtotal), in cents */
  min_order_cents: z.number().int().min(0, 'The minimum order cannot be negative.').max(10_000_000),
});
export type PartnerOrderingRules = z.infer<typeof partnerOrderingRulesSchema>;

export const partnerHolidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  /** 'public' (statutory) or 'bank', 'optional', 'observance' as date-holidays names them */
  type: z.string(),
  /** the closure already covering that date, if any */
  closure_id: z.number().int().nullable(),
});
export type PartnerHoliday = z.infer<typeof partnerHolidaySchema>;
export const partnerHolidaysResponseSchema = z.object({
  /** where the holidays are from, e.g. 'CA-ON' */
  region: z.string(),
  holidays: z.array(partnerHolidaySchema),
});
export type PartnerHolidaysResponse = z.infer<typeof partnerHolidaysResponseSchema>;

export const partnerCalendarSchema = z.object({
  time_zone: z.string(),
  /** today in the restaurant's zone */
  today: z.string(),
  weekly_hours: partnerWeeklyHoursSchema,
  /** closures that have not ended, by first day */
  closures: z.array(partnerClosureSchema),
  pause: partnerPauseSchema,
  ordering: partnerOrderingRulesSchema,
});
export type PartnerCalendar = z.infer<typeof partnerCalendarSchema>;
export const partnerCalendarResponseSchema = z.object({ calendar: partnerCalendarSchema });
