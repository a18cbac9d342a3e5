import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { checkoutOrderResponseSchema } from '@caterway/contracts';
import { addOnParentProblem, editRule, messages, paymentMethodChangeRule, type OrderActor } from '@caterway/domain';
import type { Db, Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../ports/email.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { PaymentProvider } from '../../ports/payments.js';
import type { CapacityService } from '../capacity/capacity.service.js';
import type { Invoicing } from '../invoices/invoices.service.js';
import type { OrderEvents } from '../order-lifecycle/order-events.service.js';
import type { PaymentFlags } from '../payment-lifecycle/payment-flags.service.js';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import type { OrderCatalogueRepository } from './order-catalogue.repository.js';
import { deliveryInPast } from './order-view.js';
import { displayDateTime } from './orders.email.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { savedCardsOf, toCheckoutOrder } from './orders.service.js';

// What the use cases of changing a placed order share (order-edits.service.ts lists them): their
// dependencies, the messages, and the checks every one of them starts with. The rules themselves
// are packages/domain's (editRule, paymentMethodChangeRule, addOnParentProblem).

export type CheckoutOrderResponse = z.infer<typeof checkoutOrderResponseSchema>;

export const editMessages = {
  alreadyCollected: 'The payment of this order has already been collected, so its total can no longer go up.',
  paymentInProgress: 'The payment of this order is already in progress.',
  noAddOns: 'This restaurant does not take add-on orders.',
  notAnAddOn: 'This order is not an add-on order.',
  deliveredAt: messages.addOnParentDelivered,
  addOnOfAddOn: 'An add-on order cannot have add-on orders of its own.',
  otherParent: 'This add-on order belongs to another order.',
  parentClosed: 'This order can no longer take add-on orders.',
  parentCancelled: 'This order has been cancelled, so it can no longer take add-on orders.',
  cancelledMeanwhile: 'This order was cancelled while your change was being saved. Its payment has been released.',
} as const;

export interface OrderEditsDeps {
  db: Db;
  orders: OrdersRepository;
  catalogue: OrderCatalogueRepository;
  payments: PaymentProvider;
  paymentMethods: Pick<PaymentMethodsService, 'ensureCustomer' | 'add' | 'list'>;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** a decrease after capture is a credit note against the order's invoice (docs/decisions/034) */
  invoicing: Invoicing;
  /** the customer is emailed the edited order (issue 20 part 3) */
  mailer: Mailer;
  publicUrl: string;
}

/** The dependencies of every use case, with the other modules' writes they make. */
export interface OrderEditContext extends OrderEditsDeps {
  /** status moves and audit notes (order-lifecycle module) */
  orderEvents: OrderEvents;
  /** the operations flag on the payment (payment-lifecycle module) */
  paymentFlags: PaymentFlags;
  /** a moved or larger edit is counted against the restaurants' capacity (capacity module, decision 055) */
  capacity: Pick<CapacityService, 'shares' | 'reserveChange'>;
}

/** The upcoming-order rule for a stored order at an instant (shared with the order detail). */
export function editRuleOf(order: OrderRow, now: Date) {
  return editRule(
    {
      status: order.status,
      deliveryAt: order.delivery_at,
      processingAt: order.order_processing_at,
      editable: order.editable,
    },
    now,
  );
}

export async function ownOrder(ctx: OrderEditContext, id: number, userId: number): Promise<OrderRow> {
  const order = await ctx.orders.findById(id);
  if (!order || order.user_id !== userId) throw notFound('Order not found');
  return order;
}

export function assertEditable(order: OrderRow, now: Date): void {
  const rule = editRuleOf(order, now);
  if (!rule.allowed) throw conflict(rule.message);
}

/** Update Payment Method's rule (paymentMethodChangeRule: also a New order whose authorisation failed). */
export function assertPaymentChangeable(order: OrderRow, now: Date): void {
  const rule = paymentMethodChangeRule(
    {
      status: order.status,
      paymentStatus: order.payment_status,
      deliveryAt: order.delivery_at,
      processingAt: order.order_processing_at,
      editable: order.editable,
    },
    now,
  );
  if (!rule.allowed) throw conflict(rule.message);
}

/** An add-on can be created, changed or paid only while its parent is live and not yet delivered. */
export function assertParentOpen(parent: OrderRow, now: Date): void {
  switch (addOnParentProblem({ status: parent.status, deliveryInPast: deliveryInPast(parent, now) })) {
    case 'cancelled':
      throw conflict(editMessages.parentCancelled);
    case 'delivered':
      throw conflict(editMessages.deliveredAt(displayDateTime(parent.delivery_at, parent.time_zone)));
    case 'closed':
      throw conflict(editMessages.parentClosed);
    case null:
      return;
  }
}

/** A note in the order's audit trail (no status move), in the caller's transaction. */
export async function logEvent(
  ctx: OrderEditContext,
  tx: Queryable,
  order: OrderRow,
  input: { event: string; actor: OrderActor; userId: number | null; note: string; now: Date },
): Promise<void> {
  await ctx.orderEvents.recordNote(tx, {
    orderId: order.id,
    status: order.status,
    event: input.event,
    actor: input.actor,
    actorUserId: input.userId,
    note: input.note,
    now: input.now,
  });
}

/** The order as checkout answers it, with the user's saved cards. */
export async function answer(ctx: OrderEditContext, order: OrderRow, userId: number): Promise<CheckoutOrderResponse> {
  return toCheckoutOrder(order, await savedCardsOf(ctx.paymentMethods, userId));
}
