import { z } from 'zod';
import { calendarDateSchema, emailSchema } from './common.js';
import { restaurantStatuses } from './ops-restaurants.js';

// The restaurant side (issue 19, docs/decisions/047): what a restaurant's team reads and sends
// under /api/v2/partner/... Roles rank owner > manager > staff; operations staff reach every
// restaurant as 'operations'.

export const restaurantRoles = ['owner', 'manager', 'staff'] as const;
export const restaurantRoleSchema = z.enum(restaurantRoles);
export type RestaurantRole = z.infer<typeof restaurantRoleSchema>;

/** A restaurant as its team sees it in the portal's switcher, with the caller's role there. */
export const partnerRestaurantSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  time_zone: z.string(),
  role: z.union([restaurantRoleSchema, z.literal('operations')]),
  /** onboarding until operations publish it, live, or suspended by operations (decision 059) */
  status: z.enum(restaurantStatuses).optional(),
});
export type PartnerRestaurant = z.infer<typeof partnerRestaurantSchema>;

export const partnerRestaurantsResponseSchema = z.object({ restaurants: z.array(partnerRestaurantSchema) });
export type PartnerRestaurantsResponse = z.infer<typeof partnerRestaurantsResponseSchema>;

export const partnerRestaurantParamsSchema = z.object({ chefId: z.coerce.number().int().positive() });

/** An invitation to a restaurant's team (the owner, a manager for staff, or operations send it). */
export const partnerInviteBodySchema = z.object({
  email: emailSchema,
  role: restaurantRoleSchema,
});
export type PartnerInviteBody = z.infer<typeof partnerInviteBodySchema>;

export const partnerInviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: restaurantRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
});
export type PartnerInvite = z.infer<typeof partnerInviteSchema>;

export const partnerTeamMemberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: restaurantRoleSchema,
});

/** A restaurant's team and the invitations still open. */
export const partnerTeamResponseSchema = z.object({
  members: z.array(partnerTeamMemberSchema),
  invites: z.array(partnerInviteSchema),
});
export type PartnerTeamResponse = z.infer<typeof partnerTeamResponseSchema>;

/** The invitation link's token, sent in a body (never in a URL a log could keep). */
export const partnerInviteTokenBodySchema = z.object({ token: z.string().min(1).max(200) });

/** What the invitation page shows before it is accepted. */
export const partnerInviteLookupResponseSchema = z.object({
  restaurant_name: z.string(),
  role: restaurantRoleSchema,
  email: z.string(),
  /** an account with this email exists: sign in as it to accept; else the page sets a password */
  account_exists: z.boolean(),
});

/**
 * Accepting: a new account gives its name and a password (the customers' rules); an existing
 * account accepts while signed in as the invited email.
 */
export const partnerInviteAcceptBodySchema = partnerInviteTokenBodySchema.extend({
  first_name: z.string().trim().min(1).max(80).optional(),
  last_name: z.string().trim().min(1).max(80).optional(),
  password: z.string().max(200).optional(),
});
export type PartnerInviteAcceptBody = z.infer<typeof partnerInviteAcceptBodySchema>;

export const partnerInviteAcceptResponseSchema = z.object({
  message: z.string(),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  role: restaurantRoleSchema,
});

// ---------------------------------------------------------------- orders reach the restaurant

/**
 * What reached a restaurant about an order and wants its answer (issue 19 part 1): a new order
 * or an add-on to accept or decline; an edit, a cancellation, or the day before the delivery a
 * reconfirmation that the kitchen is ready, to acknowledge.
 */
export const partnerRequestKinds = ['new_order', 'add_on', 'edit', 'cancellation', 'reconfirmation'] as const;
export const partnerRequestKindSchema = z.enum(partnerRequestKinds);
export type PartnerRequestKind = z.infer<typeof partnerRequestKindSchema>;

/** How a request was answered; 'withdrawn' when the order moved on first (declined by another restaurant, cancelled). */
export const partnerAnswers = ['accepted', 'declined', 'acknowledged', 'withdrawn'] as const;
export type PartnerAnswer = (typeof partnerAnswers)[number];

/** Why a restaurant declines an order (kept for its record; the customer is told the label). */
export const declineReasons = {
  too_busy: 'We are fully booked for that time',
  closed: 'We are closed that day',
  lead_time: 'There is not enough notice to prepare it',
  items_unavailable: 'Some items are not available',
  distance: 'We cannot deliver to that address',
  other: 'Another reason',
} as const;
export type DeclineReason = keyof typeof declineReasons;
/** What a restaurant (or operations for it) can choose when it declines. */
export const declineReasonSchema = z.enum(Object.keys(declineReasons) as [DeclineReason, ...DeclineReason[]]);

/**
 * Why a request was declined, as recorded: a restaurant's reason, or `no_answer` when nobody
 * answered before the request expired (the answer ladder's last step, decision 058).
 */
export const recordedDeclineReasons = {
  ...declineReasons,
  no_answer: 'The restaurant did not confirm the order in time',
} as const;
export type RecordedDeclineReason = keyof typeof recordedDeclineReasons;
export const recordedDeclineReasonSchema = z.enum(
  Object.keys(recordedDeclineReasons) as [RecordedDeclineReason, ...RecordedDeclineReason[]],
);

export const partnerRequestSchema = z.object({
  id: z.number().int(),
  kind: partnerRequestKindSchema,
  /** when it reached the restaurant, ISO 8601 */
  received_at: z.string(),
  answer: z.enum(partnerAnswers).nullable(),
  answered_at: z.string().nullable(),
  /** who answered: a team member's name, 'Caterway operations', or null (not answered, or automatic) */
  answered_by: z.string().nullable(),
  decline_reason: recordedDeclineReasonSchema.nullable(),
  /** the restaurant's words to the customer with a decline ('' if none) */
  decline_note: z.string(),
  /** what changed, for an edit ('' otherwise) */
  summary: z.string(),
});
export type PartnerRequest = z.infer<typeof partnerRequestSchema>;

/** The actions the restaurant can take on the order now (the portal's buttons). */
export const partnerOrderActions = ['accept', 'decline', 'acknowledge'] as const;
export type PartnerOrderAction = (typeof partnerOrderActions)[number];

export const partnerOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  /** the order's status (wire value) and its label */
  status: z.string(),
  status_label: z.string(),
  /** delivery (or pickup) instant, ISO 8601, and as the restaurant reads it in its zone */
  delivery_at: z.string(),
  display_delivery_date_time: z.string(),
  time_zone: z.string(),
  order_type: z.enum(['delivery', 'pickup']),
  /** servings ordered from this restaurant: the sum of its lines' quantities (orders carry no headcount yet) */
  portions: z.number().int(),
  preset_name: z.string(),
  customer: z.object({ name: z.string(), company_name: z.string() }),
  /** the food this restaurant makes, in cents (before delivery, tax and tip) */
  items_total_cents: z.number().int(),
  /** the request still waiting for this restaurant's answer, else the latest one */
  request: partnerRequestSchema,
  actions: z.array(z.enum(partnerOrderActions)),
});
export type PartnerOrder = z.infer<typeof partnerOrderSchema>;

/** waiting: requests without an answer; upcoming: accepted orders not yet delivered; past: the rest. */
export const partnerOrderViews = ['waiting', 'upcoming', 'past'] as const;
export const partnerOrdersQuerySchema = z.object({ view: z.enum(partnerOrderViews).default('waiting') });
export type PartnerOrdersQuery = z.input<typeof partnerOrdersQuerySchema>;

export const partnerOrdersResponseSchema = z.object({
  orders: z.array(partnerOrderSchema),
  /** requests waiting for an answer (the tab title's count) */
  waiting_count: z.number().int(),
});
export type PartnerOrdersResponse = z.infer<typeof partnerOrdersResponseSchema>;

export const partnerOrderParamsSchema = partnerRestaurantParamsSchema.extend({
  orderId: z.coerce.number().int().positive(),
});

export const partnerOrderItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** options and sides chosen for it, with their quantities */
  options: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /** what the customer wrote for this item ('' if nothing) */
  note: z.string(),
});

export const partnerOrderDetailSchema = partnerOrderSchema.extend({
  items: z.array(partnerOrderItemSchema),
  delivery_address: z.string(),
  delivery_instructions: z.string(),
  serving_style: z.string(),
  cutlery: z.number().int(),
  /** who receives the food and how to reach them */
  contact: z.object({ name: z.string(), phone: z.string() }),
  /** everything that reached the restaurant about this order, oldest first */
  requests: z.array(partnerRequestSchema),
  /** a group order's combined order: its meal labels print per person (…/labels.pdf) */
  group_order: z.boolean(),
});
export type PartnerOrderDetail = z.infer<typeof partnerOrderDetailSchema>;
export const partnerOrderDetailResponseSchema = z.object({ order: partnerOrderDetailSchema });
export type PartnerOrderDetailResponse = z.infer<typeof partnerOrderDetailResponseSchema>;

export const partnerMessages = {
  declineNoteNeeded: 'Tell the customer why in a few words.',
  requestAnswered: 'This has already been answered.',
  answerDoesNotFit: 'A new order is accepted or declined; a change or a cancellation is acknowledged.',
  linkInvalid: 'This link is not valid. Please open the order in the restaurant portal.',
  linkExpired: 'This link has expired. Please open the order in the restaurant portal.',
  declineReasonNeeded: 'Choose why you decline the order.',
} as const;

/**
 * The restaurant's answer. `request_id` names the request answered: when the order changed in
 * the meantime (an edit arrived, another restaurant declined), the answer is refused (409)
 * instead of applying to something the person did not see.
 */
export const partnerAnswerBodySchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('accept'), request_id: z.number().int().positive() }),
  z
    .object({
      answer: z.literal('decline'),
      request_id: z.number().int().positive(),
      reason: declineReasonSchema,
      note: z.string().trim().max(500).default(''),
    })
    .refine((b) => b.reason !== 'other' || b.note.length >= 3, {
      message: partnerMessages.declineNoteNeeded,
      path: ['note'],
    }),
  z.object({ answer: z.literal('acknowledge'), request_id: z.number().int().positive() }),
]);
export type PartnerAnswerBody = z.input<typeof partnerAnswerBodySchema>;

// ---------------------------------------------------------------- the email's one-click links

/** A signed Accept or Decline link of a restaurant's email, sent in a body (never in a logged URL). */
export const partnerAnswerLinkBodySchema = z.object({ token: z.string().min(1).max(2000) });

/** Answering by the link: a decline names its reason (a note is needed for 'other'). */
export const partnerAnswerLinkAnswerBodySchema = partnerAnswerLinkBodySchema
  .extend({
    reason: declineReasonSchema.optional(),
    note: z.string().trim().max(500).default(''),
  })
  .refine((b) => b.reason !== 'other' || b.note.length >= 3, {
    message: partnerMessages.declineNoteNeeded,
    path: ['note'],
  });
export type PartnerAnswerLinkAnswerBody = z.input<typeof partnerAnswerLinkAnswerBodySchema>;

/** What the link's page shows before and after the click. */
export const partnerAnswerLinkResponseSchema = z.object({
  action: z.enum(['accept', 'decline']),
  /** the request's answer so far (null: still waiting) */
  answer: z.enum(partnerAnswers).nullable(),
  restaurant_name: z.string(),
  order: z.object({
    order_number: z.string(),
    display_delivery_date_time: z.string(),
    order_type: z.enum(['delivery', 'pickup']),
    company_name: z.string(),
    portions: z.number().int(),
    /** the restaurant's food, formatted ('$1,240.00') */
    items_total: z.string(),
    status: z.string(),
  }),
  /** the order in the portal (for a signed-in team member) */
  portal_path: z.string(),
});
export type PartnerAnswerLinkResponse = z.infer<typeof partnerAnswerLinkResponseSchema>;

// ---------------------------------------------------------------- the live inbox

/**
 * GET api/v2/partner/restaurants/{chefId}/events (text/event-stream): an `inbox` event at once and
 * whenever something reaches the restaurant or is answered, on any API instance. Its `id` is the
 * latest request's: sent back as Last-Event-ID after a reconnect, the next event lists what
 * arrived meanwhile in `new_request_ids` (a first connection lists none).
 */
export const partnerInboxEventSchema = z.object({
  waiting_count: z.number().int(),
  latest_request_id: z.number().int(),
  new_request_ids: z.array(z.number().int()),
});
export type PartnerInboxEvent = z.infer<typeof partnerInboxEventSchema>;

// ---------------------------------------------------------------- settings and record

export const autoAcceptModes = ['off', 'under', 'all'] as const;

export const partnerSettingsMessages = {
  tooManyAddresses: 'Add at most 5 notification addresses.',
  maxNeeded: 'Enter the largest order to accept automatically.',
} as const;

/** Where a restaurant is emailed and whether it accepts orders without being asked (owners and managers change them). */
export const partnerSettingsSchema = z
  .object({
    /** empty: the restaurant's owners and managers are emailed */
    notification_emails: z.array(emailSchema).max(5, partnerSettingsMessages.tooManyAddresses),
    /** off, orders whose food is at most auto_accept_max_cents, or all orders */
    auto_accept: z.enum(autoAcceptModes),
    auto_accept_max_cents: z.number().int().positive().max(10_000_000).nullable(),
  })
  .refine((s) => s.auto_accept !== 'under' || s.auto_accept_max_cents !== null, {
    message: partnerSettingsMessages.maxNeeded,
    path: ['auto_accept_max_cents'],
  });
export type PartnerSettings = z.infer<typeof partnerSettingsSchema>;
export const partnerSettingsResponseSchema = z.object({ settings: partnerSettingsSchema });

/** A restaurant's answering and delivery record over the last 90 days (the storefront's reliability figures, later). */
export const partnerStatsSchema = z.object({
  days: z.number().int(),
  /** new orders and add-ons that reached it */
  requests: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  /** accepted ÷ (accepted + declined), or null when it answered none */
  acceptance_rate: z.number().nullable(),
  /** median minutes from arrival to acceptance by a person (auto-accepted orders left out), or null */
  median_minutes_to_accept: z.number().nullable(),
  /** accepted by the auto-accept setting */
  auto_accepted: z.number().int(),
  /** orders due in the period that were marked delivered */
  delivered: z.number().int(),
  /** of those, the share marked delivered within 15 minutes of the delivery time, or null when none */
  on_time_rate: z.number().nullable(),
});
export type PartnerStats = z.infer<typeof partnerStatsSchema>;
export const partnerStatsResponseSchema = z.object({ stats: partnerStatsSchema });

// ---------------------------------------------------------------- the kitchen's day

/** GET api/v2/partner/restaurants/{chefId}/prep-list?date=YYYY-MM-DD (.pdf prints it) */
export const partnerPrepListQuerySchema = z.object({
  date: calendarDateSchema('Choose a valid date (YYYY-MM-DD).'),
});

/** Every accepted order delivered that day (in the restaurant's zone), its dishes and options added up. */
export const partnerPrepListSchema = z.object({
  date: z.string(),
  display_date: z.string(),
  dishes: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      options: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      /** the delivery or pickup time, as the restaurant reads it */
      time: z.string(),
      company_name: z.string(),
      portions: z.number().int(),
      serving_style: z.string(),
    }),
  ),
});
export type PartnerPrepList = z.infer<typeof partnerPrepListSchema>;
export const partnerPrepListResponseSchema = z.object({ prep_list: partnerPrepListSchema });

// ---------------------------------------------------------------- capacity

export const capacityMessages = {
  limitNeeded: 'A limit is a whole number of 1 or more, or empty for none.',
} as const;

/**
 * A restaurant's capacity (decision 050): at most `per_day` a local day and `per_window` a delivery
 * window of `window_minutes`, counted in orders or in servings; null: no limit.
 */
export const partnerCapacitySchema = z.object({
  unit: z.enum(['orders', 'servings']),
  per_day: z.number().int().positive(capacityMessages.limitNeeded).max(100_000).nullable(),
  per_window: z.number().int().positive(capacityMessages.limitNeeded).max(100_000).nullable(),
  window_minutes: z.union([
    z.literal(30),
    z.literal(60),
    z.literal(90),
    z.literal(120),
    z.literal(180),
    z.literal(240),
  ]),
});
export type PartnerCapacity = z.infer<typeof partnerCapacitySchema>;
export const partnerCapacityResponseSchema = z.object({ capacity: partnerCapacitySchema });
