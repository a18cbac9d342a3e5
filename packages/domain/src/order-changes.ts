import { addOnLimitProblem, presetMinimumProblem } from './cart-rules.js';
import { messages } from './messages.js';
import { formatCents } from './money.js';
import { editRule, type EditRuleInput, type EditRuleResult, type OrderEvent } from './order-lifecycle.js';
import { CLOSED_STATUSES } from './order-states.js';
import { MAX_ORDER_TOTAL_CENTS } from './totals.js';

// Decisions about changing a placed order (ordering-payments §2 'Edit catered order page',
// 'Add-on order page', §4 'Order edit'; decisions 026, 027) and the checks that close an
// order's preparation (§5): pure, so the API's use cases (apps/api modules/orders) only read,
// call these and write.

// ---------------------------------------------------------------- Update Payment Method

/**
 * Update Payment Method follows the upcoming-order rule (editRule), and is also open to a New
 * (not yet accepted) order whose authorisation 5 days before delivery failed while its delivery
 * and processing times are still ahead: the customer was emailed to give another method.
 */
export function paymentMethodChangeRule(order: EditRuleInput & { paymentStatus: string }, now: Date): EditRuleResult {
  const t = now.getTime();
  const asked =
    order.status === 'New' &&
    order.paymentStatus === 'failed' &&
    order.deliveryAt.getTime() > t &&
    order.processingAt.getTime() > t;
  return asked ? { allowed: true } : editRule(order, now);
}

// ---------------------------------------------------------------- add-on orders

/** A parent that can take an add-on: placed and still live. */
export const ADD_ON_PARENT_STATUSES: readonly string[] = [
  'New',
  'Accepted',
  'CardSetup',
  'SetupIntentCreated',
  'ReadyToCapture',
  'DeliveryReady',
];

/** Why an add-on cannot be created, changed or paid under this parent now; null: it can. */
export type AddOnParentProblem = 'cancelled' | 'delivered' | 'closed';

/**
 * An add-on can be created, changed or paid only while its parent is live (not cancelled nor
 * declined) and its delivery time is still ahead. The checks go in this order: a cancelled or
 * declined parent, then a delivery in the past, then any other status than a live one.
 */
export function addOnParentProblem(parent: { status: string; deliveryInPast: boolean }): AddOnParentProblem | null {
  if (CLOSED_STATUSES.includes(parent.status)) return 'cancelled';
  if (parent.deliveryInPast) return 'delivered';
  if (!ADD_ON_PARENT_STATUSES.includes(parent.status)) return 'closed';
  return null;
}

// ---------------------------------------------------------------- the payment after a change

/** Where a payment intent of the provider stands (Stripe's statuses). */
export interface IntentState {
  status: string;
  amountCents: number;
}

/** The intent holds or is collecting the money: an authorisation awaiting capture, or a debit in progress. */
export function intentIsLive(intent: IntentState | null): boolean {
  return Boolean(intent && (intent.status === 'requires_capture' || intent.status === 'processing'));
}

/** The order's payment status that an intent gives. */
export function paymentStatusOfIntent(intent: IntentState): 'authorized' | 'processing' | 'captured' | 'failed' {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorized';
    case 'processing':
      return 'processing';
    case 'succeeded':
      return 'captured';
    default:
      return 'failed';
  }
}

/** What an intent holds on the customer's card (a debit in progress holds nothing to release). */
export function heldCentsOf(intent: IntentState): number {
  return intent.status === 'requires_capture' ? intent.amountCents : 0;
}

const NEEDS_SETUP: readonly string[] = ['CardSetup', 'SetupIntentCreated'];
const HOLDS_PAYMENT: readonly string[] = ['Accepted', 'ReadyToCapture'];

/**
 * The status move that makes an order match whether a hold covers its total: an order waiting
 * for a payment method that is now covered is payment_authorised; an accepted or ready order
 * that is no longer covered goes back to payment setup; otherwise none.
 */
export function coverageEvent(
  status: string,
  covered: boolean,
): Extract<OrderEvent, 'payment_authorised' | 'payment_needs_setup'> | null {
  if (covered && NEEDS_SETUP.includes(status)) return 'payment_authorised';
  if (!covered && HOLDS_PAYMENT.includes(status)) return 'payment_needs_setup';
  return null;
}

/**
 * An edit of an order whose payment was collected: a lower total is refunded (the difference to
 * what was received net of refunds, never more), a higher one is not covered.
 */
export function collectedEditSettlement(input: { totalCents: number; receivedCents: number; refundedCents: number }): {
  refundCents: number;
  covered: boolean;
} {
  const net = input.receivedCents - input.refundedCents;
  return { refundCents: input.totalCents < net ? net - input.totalCents : 0, covered: input.totalCents <= net };
}

// ---------------------------------------------------------------- preparing an order (§5)

/** Add-on orders need 1 hour's notice; any other order the longest notice among its chefs. */
export const ADD_ON_NOTICE_HOURS = 1;

export function orderNoticeHours(isAddOn: boolean, chefNoticeHours: readonly number[]): number {
  return isAddOn ? ADD_ON_NOTICE_HOURS : chefNoticeHours.reduce((max, h) => Math.max(max, h), 0);
}

/** The tip asked for: a percentage when given (0 included), else an amount when above 0, else none. */
export function tipOf(
  tipPercent: number | null,
  tipCents: number | null | undefined,
): { percent: number } | { cents: number } | null {
  if (tipPercent !== null) return { percent: tipPercent };
  return tipCents ? { cents: tipCents } : null;
}

/** An add-on has at most its lead chef's number of lines (addonMaximumItemsQty). */
export function addOnLinesProblem(isAddOn: boolean, lineCount: number, addonMaximumItemsQty: number): string | null {
  return isAddOn ? addOnLimitProblem(lineCount, addonMaximumItemsQty) : null;
}

/**
 * The checks on an order's total, in this order: a restaurant page's minimum (delivery only,
 * never an add-on, only with lines), an add-on with lines that totals nothing, and the ceiling
 * of any order.
 */
export function orderTotalProblems(input: {
  isAddOn: boolean;
  isDelivery: boolean;
  presetType: string;
  presetMinimumCents: number;
  lineCount: number;
  totalCents: number;
}): string[] {
  const problems: string[] = [];
  if (!input.isAddOn && input.isDelivery && input.presetType === 'restaurant' && input.lineCount) {
    const minimum = presetMinimumProblem(input.totalCents, input.presetMinimumCents);
    if (minimum) problems.push(minimum);
  }
  if (input.isAddOn && input.lineCount && input.totalCents <= 0) problems.push(messages.cartEmpty);
  if (input.totalCents > MAX_ORDER_TOTAL_CENTS)
    problems.push(messages.orderTooLarge(formatCents(MAX_ORDER_TOTAL_CENTS)));
  return problems;
}
