import { z } from 'zod';
import { SOLD_OUT_MAX_HOURS } from '@caterway/domain';
import { partnerRestaurantParamsSchema } from './partner.js';

// "86 an item" (issue 19 part 3; decision 053): a restaurant's dishes and options with their
// availability, marking one sold out (until the end of the restaurant's day, for 1 to 72 hours, or
// until turned back on) or back on, the orders an 86 affects, and the messages a restaurant sends
// their customers (a substitute proposed, a note).

export const soldOutMessages = {
  hours: `Choose between 1 and ${SOLD_OUT_MAX_HOURS} hours.`,
  hoursOnlyForHours: 'Hours are only given for an 86 of a number of hours.',
  durationRequired: 'Choose how long it is sold out.',
  dishNotFound: 'This dish is not on your menu.',
  optionNotFound: 'This option is not on your menu.',
  bodyRequired: 'Write the message to the customer.',
  orderNotFound: 'Order not found',
  groupOrderNotFound: 'Group order not found',
  oneOf: 'Give either menu_id or menu_item_id.',
} as const;

/** null: available; 'infinity': until turned back on; else the ISO instant it comes back */
const untilSchema = z.string().nullable();

export const partnerSoldOutOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price_cents: z.number().int(),
  sold_out: z.boolean(),
  unavailable_until: untilSchema,
  /** "until end of day", "until Nov 28, 2026, 3:00 PM", "until turned back on"; null when available */
  until_text: z.string().nullable(),
});
export type PartnerSoldOutOption = z.infer<typeof partnerSoldOutOptionSchema>;

export const partnerSoldOutDishSchema = partnerSoldOutOptionSchema.extend({
  category_name: z.string(),
  options: z.array(partnerSoldOutOptionSchema),
});
export type PartnerSoldOutDish = z.infer<typeof partnerSoldOutDishSchema>;

/** GET api/v2/partner/restaurants/{chefId}/sold-out: the menu by category, in the restaurant's order */
export const partnerSoldOutResponseSchema = z.object({
  time_zone: z.string(),
  categories: z.array(z.object({ name: z.string(), dishes: z.array(partnerSoldOutDishSchema) })),
});
export type PartnerSoldOutResponse = z.infer<typeof partnerSoldOutResponseSchema>;

export const soldOutDurations = ['end_of_day', 'hours', 'indefinitely'] as const;
export type SoldOutDuration = (typeof soldOutDurations)[number];

/**
 * POST api/v2/partner/restaurants/{chefId}/sold-out: a dish (menu_id) or an option (menu_item_id)
 * sold out for a duration (`available: false`), or back on (`available: true`).
 */
export const partnerSoldOutBodySchema = z
  .object({
    menu_id: z.number().int().positive().optional(),
    menu_item_id: z.number().int().positive().optional(),
    available: z.boolean(),
    duration: z.enum(soldOutDurations, { error: soldOutMessages.durationRequired }).optional(),
    hours: z
      .number({ error: soldOutMessages.hours })
      .int(soldOutMessages.hours)
      .min(1, soldOutMessages.hours)
      .max(SOLD_OUT_MAX_HOURS, soldOutMessages.hours)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.menu_id === undefined) === (body.menu_item_id === undefined))
      ctx.addIssue({ code: 'custom', message: soldOutMessages.oneOf, path: ['menu_id'] });
    if (!body.available && body.duration === undefined)
      ctx.addIssue({ code: 'custom', message: soldOutMessages.durationRequired, path: ['duration'] });
    if (body.duration === 'hours' && body.hours === undefined)
      ctx.addIssue({ code: 'custom', message: soldOutMessages.hours, path: ['hours'] });
    if (body.hours !== undefined && body.duration !== 'hours')
      ctx.addIssue({ code: 'custom', message: soldOutMessages.hoursOnlyForHours, path: ['hours'] });
  });
export type PartnerSoldOutBody = z.input<typeof partnerSoldOutBodySchema>;

/** GET .../sold-out/affected?menu_id= or ?menu_item_id= */
export const partnerAffectedQuerySchema = z
  .object({
    menu_id: z.coerce.number().int().positive().optional(),
    menu_item_id: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => (q.menu_id === undefined) !== (q.menu_item_id === undefined), {
    message: soldOutMessages.oneOf,
    path: ['menu_id'],
  });
export type PartnerAffectedQuery = z.input<typeof partnerAffectedQuerySchema>;

/**
 * An order an 86 affects: an accepted or waiting order still to be delivered whose lines hold the
 * dish or option, or an open group order where a member chose the dish.
 */
export const partnerAffectedOrderSchema = z.object({
  kind: z.enum(['order', 'group_order']),
  /** the catering order (kind order), or the group order's combined order once placed */
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  /** kind group_order: the group order's id and name */
  group_order_id: z.number().int().nullable(),
  group_order_name: z.string().nullable(),
  /** accepted, waiting (for the restaurant's answer), or open (a group order taking choices) */
  state: z.enum(['accepted', 'waiting', 'open']),
  customer_name: z.string(),
  company_name: z.string(),
  email: z.string(),
  phone: z.string(),
  delivery_at: z.string().nullable(),
  /** the delivery in the restaurant's zone, e.g. 'Nov 28, 2026, 12:00 PM' */
  display_delivery: z.string(),
  /** how many of the dish (or option) the order holds; a group order: how many members chose it */
  quantity: z.number().int(),
  /** messages the restaurant already sent about this order */
  messages_sent: z.number().int(),
});
export type PartnerAffectedOrder = z.infer<typeof partnerAffectedOrderSchema>;

export const partnerAffectedResponseSchema = z.object({
  /** what the list is about: "Butter Chicken Tray", or "Raita (Butter Chicken Tray)" */
  subject: z.string(),
  orders: z.array(partnerAffectedOrderSchema),
});
export type PartnerAffectedResponse = z.infer<typeof partnerAffectedResponseSchema>;

/** The answer of an 86 or of turning it back on: the item as it is now, and the orders it affects. */
export const partnerSoldOutChangeResponseSchema = z.object({
  item: partnerSoldOutOptionSchema.extend({ kind: z.enum(['dish', 'option']), menu_id: z.number().int() }),
  affected: partnerAffectedResponseSchema,
});
export type PartnerSoldOutChangeResponse = z.infer<typeof partnerSoldOutChangeResponseSchema>;

export const orderMessageKinds = ['substitute', 'note'] as const;

/** POST .../orders/{orderId}/messages and .../group-orders/{groupOrderId}/messages */
export const partnerOrderMessageBodySchema = z.object({
  kind: z.enum(orderMessageKinds).default('substitute'),
  body: z.string().trim().min(1, soldOutMessages.bodyRequired).max(1000),
  /** the dish or option the message is about (its name goes in the email's subject) */
  menu_id: z.number().int().positive().optional(),
  menu_item_id: z.number().int().positive().optional(),
});
export type PartnerOrderMessageBody = z.input<typeof partnerOrderMessageBodySchema>;

export const orderMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(orderMessageKinds),
  body: z.string(),
  /** the dish or option it is about, '' when none */
  subject: z.string(),
  restaurant_name: z.string(),
  /** who wrote it (the portal shows it; the customer sees the restaurant only) */
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

export const partnerOrderMessagesResponseSchema = z.object({ messages: z.array(orderMessageSchema) });
export type PartnerOrderMessagesResponse = z.infer<typeof partnerOrderMessagesResponseSchema>;

export const partnerOrderMessageResponseSchema = z.object({ message: orderMessageSchema });
export type PartnerOrderMessageResponse = z.infer<typeof partnerOrderMessageResponseSchema>;

export const partnerGroupOrderParamsSchema = partnerRestaurantParamsSchema.extend({
  groupOrderId: z.coerce.number().int().positive(),
});

/** A restaurant's message as the customer reads it on their order (no author). */
export const customerOrderMessageSchema = orderMessageSchema.omit({ author_name: true });
export type CustomerOrderMessage = z.infer<typeof customerOrderMessageSchema>;
