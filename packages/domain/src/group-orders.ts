// Group orders (issue 6; browse-account-orders §1, §3 'Group order detail', §4 status values).
// A creator runs an ordering page for a team; each member picks one individually packaged meal
// within the per-person budget until the cut-off; at the cut-off the choices become ONE catering
// order (the combined order), whose own status the group order then follows.
//
//   created ──enter_details──▶ detail_entered ──open──▶ accepting ──close_with_order──▶ waiting_for_delivery
//      │                            │                      │                              │ (follows its catering order)
//      └────────── cancel ──────────┴──────────────────────┤                              ├─▶ delivery_ready ─▶ delivered
//                                                           └──close_empty──▶ canceled    ├─▶ declined
//                                                                                          └─▶ canceled
//
// - created: started from a preset with exactly one chef; details not complete yet.
// - detail_entered: the creator saved delivery date, address, contact and phone.
// - accepting: the share link works; members join and choose until the cut-off.
// - At the cut-off the job closes ordering: a combined order exists (waiting_for_delivery) or no
//   member chose (canceled, the creator is told).
// - After the cut-off the shown status follows the combined catering order (groupStatusForCatering).

import { isDeliveryMinute, parseCalendarDate, zonedWallTimeToInstant } from './availability.js';
import { formatCents } from './money.js';
import { groupStatusLabel } from './order-states.js';

export const GROUP_ORDER_STATUSES = [
  'created',
  'detail_entered',
  'accepting',
  'waiting_for_delivery',
  'delivery_ready',
  'delivered',
  'declined',
  'canceled',
] as const;
export type GroupOrderStatus = (typeof GROUP_ORDER_STATUSES)[number];

export const GROUP_ORDER_EVENTS = [
  'enter_details',
  'open',
  'close_with_order',
  'close_empty',
  'mark_delivery_ready',
  'mark_delivered',
  'decline',
  'cancel',
] as const;
export type GroupOrderEvent = (typeof GROUP_ORDER_EVENTS)[number];

/** The creator, operations staff, or the system (the cut-off job, the combined order's moves). */
export type GroupOrderActor = 'creator' | 'staff' | 'system';

interface GroupMove {
  from: readonly GroupOrderStatus[];
  to: GroupOrderStatus;
  by: readonly GroupOrderActor[];
}

/** The statuses in which the creator (or staff) may still edit details or cancel. */
export const GROUP_EDITABLE_STATUSES: readonly GroupOrderStatus[] = ['created', 'detail_entered', 'accepting'];

export const GROUP_ORDER_MOVES: Record<GroupOrderEvent, GroupMove> = {
  enter_details: { from: ['created', 'detail_entered'], to: 'detail_entered', by: ['creator', 'staff'] },
  open: { from: ['detail_entered'], to: 'accepting', by: ['creator', 'staff'] },
  close_with_order: { from: ['accepting'], to: 'waiting_for_delivery', by: ['system'] },
  // a group order never opened (details never completed) also ends at its cut-off
  close_empty: { from: GROUP_EDITABLE_STATUSES, to: 'canceled', by: ['system'] },
  mark_delivery_ready: { from: ['waiting_for_delivery'], to: 'delivery_ready', by: ['system'] },
  mark_delivered: { from: ['delivery_ready'], to: 'delivered', by: ['system'] },
  decline: { from: ['waiting_for_delivery'], to: 'declined', by: ['system'] },
  cancel: { from: GROUP_EDITABLE_STATUSES, to: 'canceled', by: ['creator', 'staff'] },
};

export const GROUP_TERMINAL_STATUSES: readonly GroupOrderStatus[] = ['delivered', 'declined', 'canceled'];

export function isGroupOrderStatus(value: string): value is GroupOrderStatus {
  return (GROUP_ORDER_STATUSES as readonly string[]).includes(value);
}

export type GroupTransitionResult = { ok: true; to: GroupOrderStatus } | { ok: false; message: string };

/** The status an event leads to, or why it cannot happen (the API answers 409 with the message). */
export function groupTransition(
  from: GroupOrderStatus,
  event: GroupOrderEvent,
  actor: GroupOrderActor,
): GroupTransitionResult {
  const move = GROUP_ORDER_MOVES[event];
  if (!move.by.includes(actor))
    return { ok: false, message: `This action is not available to you (${groupEventLabel(event)}).` };
  if (!move.from.includes(from)) {
    return {
      ok: false,
      message: `A group order that is ${groupStatusLabel(from)} cannot be ${groupEventLabel(event)}.`,
    };
  }
  return { ok: true, to: move.to };
}

export function availableGroupEvents(from: GroupOrderStatus, actor: GroupOrderActor): GroupOrderEvent[] {
  return GROUP_ORDER_EVENTS.filter(
    (e) => GROUP_ORDER_MOVES[e].from.includes(from) && GROUP_ORDER_MOVES[e].by.includes(actor),
  );
}

function groupEventLabel(event: GroupOrderEvent): string {
  switch (event) {
    case 'enter_details':
      return 'edited';
    case 'open':
      return 'opened for ordering';
    case 'close_with_order':
      return 'closed with an order';
    case 'close_empty':
      return 'closed without an order';
    case 'mark_delivery_ready':
      return 'marked delivery-ready';
    case 'mark_delivered':
      return 'marked delivered';
    case 'decline':
      return 'declined';
    case 'cancel':
      return 'cancelled';
  }
}

/**
 * The group order's shown status once its combined catering order exists: it follows that
 * order (New, Accepted, payment steps: waiting_for_delivery; DeliveryReady: delivery_ready;
 * Delivered, customer_paid: delivered; Canceled: canceled; declined: declined).
 */
export function groupStatusForCatering(cateringStatus: string): GroupOrderStatus {
  switch (cateringStatus) {
    case 'DeliveryReady':
      return 'delivery_ready';
    case 'Delivered':
    case 'customer_paid':
      return 'delivered';
    case 'Canceled':
      return 'canceled';
    case 'declined':
      return 'declined';
    default:
      return 'waiting_for_delivery';
  }
}

/** The status to show: the stored one until a combined order exists, then the combined order's. */
export function shownGroupStatus(
  stored: GroupOrderStatus,
  cateringStatus: string | null | undefined,
): GroupOrderStatus {
  return cateringStatus ? groupStatusForCatering(cateringStatus) : stored;
}

// ---------------------------------------------------------------- cut-off (issue 6 item 1, 6)

export const DEFAULT_GROUP_CUTOFF_SECONDS = 17 * 3600; // 5:00 PM (browse-account-orders §9)
export const DEFAULT_GROUP_DELIVERY_SECONDS = 11 * 3600 + 30 * 60; // 11:30 AM
export const MIN_GAP_DAYS = 1;

/**
 * The cut-off instant: (delivery date − gap days) at the cut-off time (seconds of the day), as
 * wall-clock time in the chef's IANA zone. Null when the date is not a calendar date.
 */
export function groupCutoffInstant(input: {
  deliveryDate: string;
  gapDays: number;
  cutoffSeconds: number;
  timeZone: string;
}): Date | null {
  const d = parseCalendarDate(input.deliveryDate);
  if (!d || !Number.isInteger(input.gapDays) || input.gapDays < MIN_GAP_DAYS) return null;
  if (!Number.isInteger(input.cutoffSeconds) || input.cutoffSeconds < 0 || input.cutoffSeconds >= 86_400) return null;
  const day = new Date(Date.UTC(d.year, d.month - 1, d.day - input.gapDays));
  const minutes = Math.floor(input.cutoffSeconds / 60);
  return zonedWallTimeToInstant(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
    },
    input.timeZone,
  );
}

/**
 * Whether seconds of the day can be a group order's delivery time: any minute but midnight,
 * which a catering delivery refuses too (availability.ts isDeliveryMinute, issue 17 part 5).
 */
export function isGroupDeliverySeconds(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds >= 0 && seconds < 86_400 && isDeliveryMinute(Math.floor(seconds / 60));
}

/** The delivery instant: the delivery date at the delivery time (seconds of the day) in the zone; null at midnight. */
export function groupDeliveryInstant(input: {
  deliveryDate: string;
  deliverySeconds: number;
  timeZone: string;
}): Date | null {
  const d = parseCalendarDate(input.deliveryDate);
  if (!d || !isGroupDeliverySeconds(input.deliverySeconds)) return null;
  const minutes = Math.floor(input.deliverySeconds / 60);
  return zonedWallTimeToInstant({ ...d, hour: Math.floor(minutes / 60), minute: minutes % 60 }, input.timeZone);
}

/** Seconds of the day as the clients show times: '05:00 PM', '11:30 AM'. */
export function secondsToTimeLabel(seconds: number): string {
  const minutes = Math.floor((((seconds % 86_400) + 86_400) % 86_400) / 60);
  const h24 = Math.floor(minutes / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** Members may join, choose, change or withdraw only while accepting and before the cut-off (server clock). */
export function orderingOpen(group: { status: GroupOrderStatus; cutoffAt: Date | null }, now: Date): boolean {
  return group.status === 'accepting' && group.cutoffAt !== null && now.getTime() < group.cutoffAt.getTime();
}

/** The creator (or staff) may edit details or cancel while not closed and before the cut-off. */
export function groupEditable(group: { status: GroupOrderStatus; cutoffAt: Date | null }, now: Date): boolean {
  if (!GROUP_EDITABLE_STATUSES.includes(group.status)) return false;
  return group.cutoffAt === null || now.getTime() < group.cutoffAt.getTime();
}

export const groupMessages = {
  orderingClosed: 'Ordering for this group order is closed.',
  notOpenYet: 'This group order is not open for ordering yet.',
  notEditable: 'This group order can no longer be changed.',
  cutoffPassed: 'The cut-off for this delivery date has already passed. Please choose a later delivery date.',
  full: (headCount: number) => `This group order is full (${headCount} ${headCount === 1 ? 'person' : 'people'}).`,
  alreadyJoined: 'This email has already joined this group order. Use the link we emailed you to change your meal.',
  overBudget: (budgetCents: number) => `This meal is over your budget of ${formatCents(budgetCents)}.`,
  menuNotOffered: 'This meal is not offered in this group order.',
  detailsMissing:
    'Please complete the delivery date, address, contact person and phone before opening the group order.',
} as const;

export type BudgetResult = { ok: true; leftCents: number } | { ok: false; message: string };

/** A meal is within the per-person budget when its price is at most the budget (inclusive). */
export function budgetRule(priceCents: number, budgetCents: number): BudgetResult {
  if (priceCents > budgetCents) return { ok: false, message: groupMessages.overBudget(budgetCents) };
  return { ok: true, leftCents: budgetCents - priceCents };
}

/** The tax label of a group order: the chef's tax and rate without trailing zeros ('HST 13%', 'GST 5%', 'QST 9.975%'). */
export function groupTaxLabel(taxName: string, taxRatePercent: number): string {
  const rate = Math.round(taxRatePercent * 1000) / 1000;
  return `${taxName || 'HST'} ${String(rate)}%`;
}
