import { z } from 'zod';

/**
 * The earliest delivery time the restaurant takes instead of a refused one (issue 20 §1; decision
 * 072), computed by the server with the rule it applies (domain earliestDeliveryTime): the
 * storefront's 'yyyy-MM-dd' and 'hh:mm AM', the group-order form's seconds after midnight, the
 * time in words ('Thu, Dec 3 at 11:30 AM') and the one-click button's text.
 */
export const earliestAvailableSchema = z
  .object({
    delivery_date: z.string(),
    delivery_time: z.string(),
    delivery_seconds: z.number().int(),
    text: z.string(),
    label: z.string(),
  })
  .meta({ id: 'EarliestAvailable' });
export type EarliestAvailable = z.infer<typeof earliestAvailableSchema>;

/**
 * What a refusal of a delivery time adds to its 422 body ({ error, messages } stay the documents'
 * messages): why in plain words ('Masala House needs 24 hours' notice', 'Closed on Sundays') and
 * the earliest time that works, or null when no time helps (a pause, nothing open in 14 days).
 */
export const deliveryRefusalSchema = z.object({
  why: z.string(),
  earliest_available: earliestAvailableSchema.nullable(),
});
export type DeliveryRefusal = z.infer<typeof deliveryRefusalSchema>;

/** A 422 body's refusal of a delivery time, when it carries one (clients read it from the error body). */
export function deliveryRefusalOf(body: unknown): DeliveryRefusal | null {
  const parsed = deliveryRefusalSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
