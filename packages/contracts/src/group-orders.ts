import { z } from 'zod';
import { isGroupDeliverySeconds } from '@caterway/domain';
import { calendarDateSchema, corporateFields, emailSchema } from './common.js';
import { customerOrderMessageSchema } from './partner-sold-out.js';

// Group orders on the wire (issue 6; browse-account-orders §1, §3 'Group order detail', §4, §7).
// Creator/staff calls are under api/v2/group_orders (bearer token; anyone else gets 404);
// member calls are public under api/v2/group/{share_token}, a member's own calls carry the
// X-Member-Token header returned when they joined. Times of day are seconds since midnight
// (like the account's go_* defaults); instants are ISO strings; money is integer cents.
// The POST api/v2/group_orders body and answer stay in account-actions.ts.

export const GROUP_ORDER_STATUS_VALUES = [
  'created',
  'detail_entered',
  'accepting',
  'waiting_for_delivery',
  'delivery_ready',
  'delivered',
  'declined',
  'canceled',
] as const;
export const groupOrderStatusSchema = z.enum(GROUP_ORDER_STATUS_VALUES);

/** The header carrying a member's token on member calls. */
export const MEMBER_TOKEN_HEADER = 'x-member-token';

const secondsOfDay = z.number().int().min(0, 'Please select a valid time.').max(86_399, 'Please select a valid time.');
/** A delivery time of day: not midnight, which a catering order refuses too (issue 17 part 5). */
const deliverySecondsOfDay = secondsOfDay.refine(
  isGroupDeliverySeconds,
  'Midnight (12:00 AM) is not a delivery time. Please select another time.',
);
const required = (max: number) => z.string().trim().min(1, 'Please fill in the required field.').max(max);

/**
 * {ref} of the creator/staff paths: the group order's uuid, or its numeric id (the My Orders
 * entry's id), so the storefront can call detail/DELETE/invoice with the entry's id.
 */
export const groupOrderRefParamsSchema = z.object({
  ref: z
    .string()
    .regex(
      /^(\d{1,15}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/,
      'Group order not found',
    ),
});
export const creatorIdParamsSchema = z.object({ creator_id: z.coerce.number().int().positive() });
export const shareTokenParamsSchema = z.object({ share_token: z.string().min(10).max(100) });

/** PUT api/v2/group_orders/{ref}: the creator completes or edits the details (full replace). */
export const groupOrderDetailsBodySchema = z
  .object({
    name: z.string().trim().max(100).default(''),
    head_count: z.number().int().min(1, 'Head count must be at least 1.').max(10_000),
    budget_cents: z.number().int().min(1, 'The per-person budget must be more than $0.00.').max(100_000_000),
    gap_days: z.number().int().min(1, 'Gap days must be at least 1.').max(60),
    cutoff_time: secondsOfDay,
    delivery_date: calendarDateSchema('Please select valid date.'),
    delivery_time: deliverySecondsOfDay,
    delivery_address: required(300),
    delivery_suite_address: z.string().trim().max(200).default(''),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    delivery_contact_person: required(120),
    delivery_phone_number: required(40),
    delivery_instruction: z.string().trim().max(1000).default(''),
    company_name: z.string().trim().max(200).default(''),
    /** carried onto the combined catering order; left out: kept as stored, '' clears it */
    ...corporateFields,
    /** true: also open the group order for members (detail_entered → accepting) */
    open_ordering: z.boolean().default(false),
  })
  .meta({ id: 'GroupOrderDetailsBody' });
export type GroupOrderDetailsBody = z.input<typeof groupOrderDetailsBodySchema>;

/** A group order as its creator (or staff) sees it: GET/PUT api/v2/group_orders/{ref}. */
export const groupOrderSchema = z
  .object({
    uuid: z.string(),
    /** numeric id (the My Orders entry's id) */
    id: z.number().int(),
    creator_id: z.number().int(),
    /** the shown status: after the cut-off it follows the combined catering order */
    status: groupOrderStatusSchema,
    status_label: z.string(),
    name: z.string(),
    head_count: z.number().int(),
    budget_cents: z.number().int(),
    gap_days: z.number().int(),
    cutoff_time: z.number().int(),
    /** 'yyyy-MM-dd' or null until entered */
    delivery_date: z.string().nullable(),
    delivery_time: z.number().int(),
    /** ISO instants, null until the delivery date is entered */
    delivery_at: z.string().nullable(),
    cutoff_at: z.string().nullable(),
    /** the chef's IANA zone: the cut-off and delivery are wall-clock times there */
    time_zone: z.string(),
    delivery_address: z.string(),
    delivery_suite_address: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    delivery_contact_person: z.string(),
    delivery_phone_number: z.string(),
    delivery_instruction: z.string(),
    company_name: z.string(),
    /** the purchase-order number and cost centre the creator gave ('' when not given; issue 17 part 3) */
    po_number: z.string(),
    cost_centre: z.string(),
    preset_id: z.number().int().nullable(),
    preset_name: z.string(),
    chef_id: z.number().int().nullable(),
    chef_name: z.string(),
    /** the saved delivery params handed over by the storefront */
    delivery_params: z.record(z.string(), z.unknown()),
    share_token: z.string(),
    /** `${GROUP_ORDERS_URL}/g/{share_token}` */
    share_url: z.string(),
    /** `${GROUP_ORDERS_URL}/group-orders/{uuid}` */
    admin_link: z.string(),
    /** details may be edited and the order cancelled (creator or staff) */
    editable: z.boolean(),
    /** members may join and choose now (accepting and before the cut-off) */
    ordering_open: z.boolean(),
    joined_count: z.number().int(),
    chosen_count: z.number().int(),
    catering_order_id: z.number().int().nullable(),
    order_number: z.string().nullable(),
    /**
     * the combined order exists but its authorisation on the creator's default payment method
     * failed (no method, declined): it waits unplaced until POST .../payment succeeds
     */
    payment_required: z.boolean(),
    payment_error: z.string().nullable(),
    created_at: z.string(),
    /** the server's clock (a countdown runs from it, not from the browser's clock) */
    server_now: z.string(),
  })
  .meta({ id: 'GroupOrder' });
export type GroupOrder = z.infer<typeof groupOrderSchema>;
export const groupOrderEnvelopeSchema = z.object({ group_order: groupOrderSchema });

export const memberChoiceSchema = z
  .object({
    menu_id: z.number().int(),
    menu_name: z.string(),
    price_cents: z.number().int(),
    chosen_at: z.string(),
    /**
     * the restaurant 86'd the meal since it was chosen (decision 053), while ordering is open:
     * the member is asked to choose another. After the cut-off the choice was placed: false.
     */
    sold_out: z.boolean(),
    /** why, e.g. 'Sold out today' or 'Sold out until 3:00 PM'; null when not sold_out */
    sold_out_label: z.string().nullable(),
  })
  .meta({ id: 'GroupMemberChoice' });
export type MemberChoice = z.infer<typeof memberChoiceSchema>;

export const groupMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    dietary_needs: z.string(),
    joined_at: z.string(),
    choice: memberChoiceSchema.nullable(),
  })
  .meta({ id: 'GroupMember' });
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** The priced picks (the domain's totals; tax from the chef's province, 'HST 13%' by default). */
export const groupTotalsSchema = z
  .object({
    subtotal_cents: z.number().int(),
    delivery_fee_cents: z.number().int(),
    tax_cents: z.number().int(),
    tax_label: z.string(),
    total_cents: z.number().int(),
  })
  .meta({ id: 'GroupOrderTotals' });

export const dashboardGroupOrderSchema = groupOrderSchema
  .extend({ members: z.array(groupMemberSchema), totals: groupTotalsSchema })
  .meta({ id: 'DashboardGroupOrder' });
export type DashboardGroupOrder = z.infer<typeof dashboardGroupOrderSchema>;

/** GET api/v2/group_orders/dashboard/{creator_id} (the creator only; newest first). */
export const groupOrderDashboardResponseSchema = z
  .object({ group_orders: z.array(dashboardGroupOrderSchema), server_now: z.string() })
  .meta({ id: 'GroupOrderDashboard' });
export type GroupOrderDashboardResponse = z.infer<typeof groupOrderDashboardResponseSchema>;

/** POST api/v2/group_orders/{ref}/reminders: members who have not chosen are emailed. */
export const groupOrderRemindersResponseSchema = z.object({ sent: z.number().int() });

/** GET api/v2/group_orders/{ref}/budget_changes: the budget's audit trail (docs/decisions/029). */
export const groupOrderBudgetChangesResponseSchema = z.object({
  budget_changes: z.array(
    z.object({
      /** the user, or null once their account is gone */
      changed_by: z.number().int().nullable(),
      changed_by_name: z.string(),
      changed_by_email: z.string(),
      changed_by_role: z.enum(['creator', 'staff']),
      old_budget_cents: z.number().int(),
      new_budget_cents: z.number().int(),
      changed_at: z.string(),
    }),
  ),
});
export type GroupOrderBudgetChangesResponse = z.infer<typeof groupOrderBudgetChangesResponseSchema>;

/** GET api/v2/group_orders/{ref}/detail (browse-account-orders §3 'Group order detail'). */
export const groupOrderDetailSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    creator_id: z.number().int(),
    company_name: z.string(),
    /** '' when not given (issue 17 part 3) */
    po_number: z.string(),
    cost_centre: z.string(),
    display_delivery_address: z.string(),
    delivery_contact_person: z.string(),
    delivery_phone_number: z.string(),
    head_count: z.number().int(),
    delivery_instruction: z.string(),
    sub_total_cents: z.number().int(),
    delivery_fee_cents: z.number().int(),
    tax_total: z.number().int(),
    /** 'HST 13%' by default */
    tax_label: z.string(),
    total_order_amount: z.number().int(),
    /** the combined order's number; '' before the cut-off */
    order_number: z.string(),
    editable: z.boolean(),
    /** the creator's page on the group-order site (Edit Order) */
    admin_link: z.string(),
    status: groupOrderStatusSchema,
    status_label: z.string(),
    invoice_available: z.boolean(),
    display_delivery_date_time: z.string(),
    /** what the restaurant told the organiser about it, oldest first (a substitute; decision 053) */
    restaurant_messages: z.array(customerOrderMessageSchema),
  })
  .meta({ id: 'GroupOrderDetail' });
export type GroupOrderDetail = z.infer<typeof groupOrderDetailSchema>;
export const groupOrderDetailResponseSchema = z.object({ group_order: groupOrderDetailSchema });

/**
 * POST api/v2/group_orders/{ref}/payment (creator): authorise the combined order again after a
 * failed authorisation, on the given saved method or the default one. Answers the group order.
 */
export const groupOrderPaymentBodySchema = z.object({ payment_method_id: z.string().min(1).max(200).optional() });

// ---------------------------------------------------------------- members (public, by share token)

export const groupMenuSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    category_name: z.string(),
    price_cents: z.number().int(),
    dietary_types: z.array(z.string()),
    image_url: z.string().nullable(),
    /** the price is within the per-person budget */
    within_budget: z.boolean(),
    /** the restaurant 86'd it (decision 053) at the server's clock: shown greyed out, choosing it is refused */
    sold_out: z.boolean(),
    /** why, e.g. 'Sold out today', 'Sold out until 3:00 PM' or 'Sold out'; null when not sold_out */
    sold_out_label: z.string().nullable(),
  })
  .meta({ id: 'GroupMenu' });
export type GroupMenu = z.infer<typeof groupMenuSchema>;

/** GET api/v2/group/{share_token}: what any holder of the share link sees. */
export const publicGroupOrderSchema = z
  .object({
    name: z.string(),
    company_name: z.string(),
    creator_name: z.string(),
    chef_id: z.number().int().nullable(),
    chef_name: z.string(),
    status: groupOrderStatusSchema,
    status_label: z.string(),
    budget_cents: z.number().int(),
    head_count: z.number().int(),
    joined_count: z.number().int(),
    cutoff_at: z.string().nullable(),
    delivery_at: z.string().nullable(),
    time_zone: z.string(),
    /** members may join and choose now; false: 'ordering is closed' (or not open yet) */
    ordering_open: z.boolean(),
    /** why ordering is not open, when it is not */
    closed_message: z.string().nullable(),
    server_now: z.string(),
  })
  .meta({ id: 'PublicGroupOrder' });
export const publicGroupOrderResponseSchema = z
  .object({ group_order: publicGroupOrderSchema, menus: z.array(groupMenuSchema) })
  .meta({ id: 'PublicGroupOrderPage' });
export type PublicGroupOrderResponse = z.infer<typeof publicGroupOrderResponseSchema>;

/** POST api/v2/group/{share_token}/members */
export const joinGroupOrderBodySchema = z.object({
  name: required(100),
  email: emailSchema,
  dietary_needs: z.string().trim().max(300).default(''),
});
export type JoinGroupOrderBody = z.input<typeof joinGroupOrderBodySchema>;

export const groupMemberSelfSchema = z
  .object({ name: z.string(), email: z.string(), dietary_needs: z.string() })
  .meta({ id: 'GroupMemberSelf' });

/** Keep member_token in the browser; send it as X-Member-Token on the choice calls. */
export const joinGroupOrderResponseSchema = z.object({ member_token: z.string(), member: groupMemberSelfSchema });

/** PUT api/v2/group/{share_token}/choice (X-Member-Token): choose or change the meal. */
export const memberChoiceBodySchema = z.object({ menu_id: z.number().int().positive() });

/** GET/PUT/DELETE api/v2/group/{share_token}/choice: the member's own choice only. */
export const memberChoiceResponseSchema = z
  .object({
    member: groupMemberSelfSchema,
    choice: memberChoiceSchema.nullable(),
    budget_cents: z.number().int(),
    /** budget minus the chosen meal's price (the whole budget without a choice) */
    budget_left_cents: z.number().int(),
    ordering_open: z.boolean(),
    closed_message: z.string().nullable(),
  })
  .meta({ id: 'GroupMemberChoiceState' });
export type MemberChoiceResponse = z.infer<typeof memberChoiceResponseSchema>;

// ---------------------------------------------------------------- test clock (e2e only)

/** POST api/v2/test/clock: exists only when the server runs with E2E_CONTROLLABLE_CLOCK=1. */
export const testClockBodySchema = z.object({
  advance_seconds: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400),
});
export const testClockResponseSchema = z.object({ now: z.string() });
