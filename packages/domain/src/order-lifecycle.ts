import { statusLabel } from './order-states.js';
// The catering order's life after checkout (issue 5; browse-account-orders §3 Order statuses,
// §4 Upcoming-order rule, Cancelling). One explicit state machine: the API refuses any other
// move with 409, the operations console and the customer's pages read their buttons from it.
//
//   draft ──pay──▶ New ──accept──▶ Accepted ──mark_delivery_ready──▶ DeliveryReady ──mark_delivered──▶ Delivered ──settle──▶ customer_paid
//                   │                 │  ▲
//                   │ decline         │  │ payment_authorised (the new method holds the amount)
//                   ▼                 ▼  │
//                declined        CardSetup ──setup_intent_created──▶ SetupIntentCreated ──payment_authorised──▶ ReadyToCapture
//
// - New: paid (authorised) and waiting for its restaurants to accept it (or operations for them).
// - CardSetup: the held payment no longer covers the order (an edit raised the total and the
//   new authorisation was refused, or the method was removed): the customer must set up a
//   card or bank account (Update Payment Method). SetupIntentCreated: a bank-debit mandate is
//   being confirmed. ReadyToCapture: a new authorisation holds the amount again.
// - Processing time (orderProcessingAt, delivery minus the restaurant's notice): a job locks
//   edits and captures the held payment. That is a separate field (processing), shown as
//   displayStatus Processing (bank debit in flight) or Processed (captured), in green.
// - Canceled: by the customer under the upcoming-order rule, or by staff; the payment is
//   voided (authorised) or refunded (captured). customer_paid, declined and Canceled are final.
// - parent_cancelled: an add-on order (draft or placed) whose parent was cancelled or declined.

export const CATERING_STATUSES = [
  'draft',
  'New',
  'Accepted',
  'CardSetup',
  'SetupIntentCreated',
  'ReadyToCapture',
  'DeliveryReady',
  'Delivered',
  'customer_paid',
  'declined',
  'Canceled',
] as const;
export type CateringStatus = (typeof CATERING_STATUSES)[number];

export const ORDER_EVENTS = [
  'pay',
  'accept',
  'decline',
  'payment_needs_setup',
  'setup_intent_created',
  'payment_authorised',
  'mark_delivery_ready',
  'mark_delivered',
  'settle',
  'cancel',
  'parent_cancelled',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * Who may send an event: the customer (owner), operations staff, a restaurant of the order (its
 * team's answer, issue 19), or the system (payments, jobs).
 */
export type OrderActor = 'customer' | 'staff' | 'restaurant' | 'system';

interface Move {
  from: readonly CateringStatus[];
  to: CateringStatus;
  by: readonly OrderActor[];
}

// payment_authorised from Accepted: an edit that raised the total was authorised at once
const PAYMENT_PENDING: readonly CateringStatus[] = ['CardSetup', 'SetupIntentCreated'];
const LIVE_ACCEPTED: readonly CateringStatus[] = ['Accepted', 'CardSetup', 'SetupIntentCreated', 'ReadyToCapture'];

export const ORDER_MOVES: Record<OrderEvent, Move> = {
  pay: { from: ['draft'], to: 'New', by: ['customer', 'system'] },
  // the restaurant answers; operations can answer for it (the escalation queue)
  accept: { from: ['New'], to: 'Accepted', by: ['staff', 'restaurant'] },
  decline: { from: ['New'], to: 'declined', by: ['staff', 'restaurant'] },
  payment_needs_setup: { from: ['Accepted', 'ReadyToCapture'], to: 'CardSetup', by: ['system'] },
  setup_intent_created: { from: ['CardSetup'], to: 'SetupIntentCreated', by: ['customer', 'system'] },
  payment_authorised: { from: PAYMENT_PENDING, to: 'ReadyToCapture', by: ['customer', 'system'] },
  mark_delivery_ready: { from: ['Accepted', 'ReadyToCapture'], to: 'DeliveryReady', by: ['staff'] },
  mark_delivered: { from: ['DeliveryReady'], to: 'Delivered', by: ['staff'] },
  settle: { from: ['Delivered'], to: 'customer_paid', by: ['system'] },
  // a New order is declined by staff, not cancelled: the customer waits for acceptance (§4)
  cancel: { from: LIVE_ACCEPTED, to: 'Canceled', by: ['customer', 'staff'] },
  // an add-on order rides on its parent's delivery: cancelling or declining the parent cancels
  // its add-ons, drafts included (the system's move, decision 026)
  parent_cancelled: { from: ['draft', 'New', ...LIVE_ACCEPTED, 'DeliveryReady'], to: 'Canceled', by: ['system'] },
};

export const TERMINAL_STATUSES: readonly CateringStatus[] = ['customer_paid', 'declined', 'Canceled'];

export function isCateringStatus(value: string): value is CateringStatus {
  return (CATERING_STATUSES as readonly string[]).includes(value);
}

export type TransitionResult = { ok: true; to: CateringStatus } | { ok: false; message: string };

/** The status an event leads to, or why it cannot happen (the API answers 409 with the message). */
export function transition(from: CateringStatus, event: OrderEvent, actor: OrderActor): TransitionResult {
  const move = ORDER_MOVES[event];
  if (!move.by.includes(actor))
    return { ok: false, message: `This action is not available to you (${eventLabel(event)}).` };
  if (!move.from.includes(from)) {
    return { ok: false, message: `An order that is ${statusLabel(from)} cannot be ${eventLabel(event)}.` };
  }
  return { ok: true, to: move.to };
}

/** The events an actor can send an order in this status (the console's buttons). */
export function availableEvents(from: CateringStatus, actor: OrderActor): OrderEvent[] {
  return ORDER_EVENTS.filter((e) => ORDER_MOVES[e].from.includes(from) && ORDER_MOVES[e].by.includes(actor));
}

function eventLabel(event: OrderEvent): string {
  switch (event) {
    case 'pay':
      return 'paid';
    case 'accept':
      return 'accepted';
    case 'decline':
      return 'declined';
    case 'payment_needs_setup':
      return 'sent back to payment setup';
    case 'setup_intent_created':
      return 'set up for bank debit';
    case 'payment_authorised':
      return 'authorised';
    case 'mark_delivery_ready':
      return 'marked delivery-ready';
    case 'mark_delivered':
      return 'marked delivered';
    case 'settle':
      return 'settled';
    case 'cancel':
      return 'cancelled';
    case 'parent_cancelled':
      return 'cancelled with its parent order';
  }
}

// ---------------------------------------------------------------- labels (browse-account-orders §4)

/** Where the payment capture at processing time stands: shown as displayStatus, in green. */
export type ProcessingState = 'pending' | 'processing' | 'processed';
export type DisplayStatus = 'Processing' | 'Processed';

/** Statuses that end an order without its food: their label stands, never 'Processed' over it. */
const ENDED_UNSERVED: readonly string[] = ['declined', 'Canceled', 'canceled'];

/**
 * The green Processing / Processed that overrides the status label (browse-account-orders §4),
 * except on an order declined or cancelled after processing (its payment captured, then
 * refunded): that order shows its own label.
 */
export function displayStatus(processing: ProcessingState, status?: string): DisplayStatus | null {
  if (status !== undefined && ENDED_UNSERVED.includes(status)) return null;
  return processing === 'processing' ? 'Processing' : processing === 'processed' ? 'Processed' : null;
}

// ---------------------------------------------------------------- upcoming-order rule (§4)

export const editRuleMessages = {
  notAccepted: "This order hasn't been accepted yet. You will only be able to edit or cancel this order once accepted.",
  beingPrepared: 'Your order is being prepared for delivery!',
} as const;

export interface EditRuleInput {
  status: string;
  deliveryAt: Date;
  processingAt: Date;
  editable: boolean;
}

export type EditRuleResult = { allowed: true } | { allowed: false; message: string };

/**
 * Edit or cancel is allowed only when the delivery and processing times are in the future, the
 * status is not delivery-ready or delivered (nor final), and the editable flag is true. A New
 * order is refused with the not-accepted message, any other with the being-prepared message.
 * The browser and the API both call this with the same instants (the server's clock decides).
 */
export function editRule(order: EditRuleInput, now: Date): EditRuleResult {
  const t = now.getTime();
  const open =
    order.deliveryAt.getTime() > t &&
    order.processingAt.getTime() > t &&
    order.editable &&
    (LIVE_ACCEPTED as readonly string[]).includes(order.status);
  if (open) return { allowed: true };
  if (order.status === 'New') return { allowed: false, message: editRuleMessages.notAccepted };
  return { allowed: false, message: editRuleMessages.beingPrepared };
}

/** Upcoming (UPCOMING tab) until delivered, final or past its delivery time. */
export function isUpcoming(order: { status: string; deliveryAt: Date }, now: Date): boolean {
  const past = ['Delivered', 'customer_paid', 'declined', 'Canceled', 'canceled', 'delivered'];
  return !past.includes(order.status) && order.deliveryAt.getTime() > now.getTime();
}

/** An invoice exists only for a delivery-ready or delivered order (issue 5 item 6). */
export function invoiceAvailable(status: string): boolean {
  return ['DeliveryReady', 'Delivered', 'customer_paid', 'delivery_ready', 'delivered'].includes(status);
}

// ---------------------------------------------------------------- add-on orders (§2 Order detail modal)

/**
 * Add Addon Order shows for a placed catering order that is not itself an add-on, is not
 * declined or cancelled, and whose restaurant takes add-ons (a limit above 0).
 */
export function addonOrdersEnabled(order: {
  status: string;
  parentOrderId: number | null;
  addonLimit: number;
}): boolean {
  if (order.parentOrderId !== null || order.addonLimit <= 0) return false;
  return !['draft', 'declined', 'Canceled', 'canceled'].includes(order.status);
}
