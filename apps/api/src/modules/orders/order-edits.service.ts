import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  addOnCartSchema,
  checkoutOrderResponseSchema,
  updateOrderPaymentMethodBodySchema,
} from '@caterway/contracts';
import {
  CLOSED_STATUSES,
  editRule,
  formatCents,
  messages,
  type CateringStatus,
  type OrderActor,
} from '@caterway/domain';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import { enqueue } from '../../lib/jobs.js';
import type { Geocoder } from '../../ports/geocoder.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  type PaymentIntent,
  type PaymentProvider,
} from '../../ports/payments.js';
import type { Invoicing } from '../invoices/invoices.service.js';
import { scheduleProcessing } from '../order-lifecycle/lifecycle.service.js';
import { orderEventsFrom } from '../order-lifecycle/order-events.service.js';
import { paymentFlagsFrom } from '../payment-lifecycle/payment-flags.service.js';
import { scheduledAuthorisationJob } from '../payment-lifecycle/scheduled-authorisation.js';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import type { OrderCatalogueRepository } from './order-catalogue.repository.js';
import { keepCorporateFields, prepareOrder, type OrderPayload, type PreparedOrder } from './order-checks.js';
import { deliveryInPast, parentTokanizeLink } from './order-view.js';
import { displayDateTime } from './orders.email.js';
import {
  STALE_PAYMENT_CLAIM_SECONDS,
  type OrderRow,
  type OrdersRepository,
  type PaymentStatus,
} from './orders.repository.js';
import { savedCardsOf, toCheckoutOrder } from './orders.service.js';

// Changing an order after checkout (issue 5 items 4 and 5; ordering-payments §2 'Edit catered
// order page', 'Add-on order page', §4 'Order edit'):
// - edit: a placed order, only under the upcoming-order rule (editRule, the server's clock),
//   re-checked and repriced by prepareOrder; the payment follows the new total (below).
// - Update Payment Method: a new authorisation of the order's total on another card or account.
// - add-on orders: a draft child of a placed order, checked out with the add-on rules.
//
// The payment after an edit, before capture (the processing job captures at processing time):
// a new authorisation of the new total on the order's method, then the old one is cancelled, so
// the order is never without a hold and authorized_cents is what the live intent holds. Up or
// down alike ("hold less" on a decrease: Stripe cannot shrink an authorisation). A decline on an
// increase leaves the old hold and sends the order to CardSetup (payment_needs_setup); on a
// decrease the old hold still covers the order. After capture a decrease is refunded (never more
// than captured), with a credit note in the edit's transaction, and an increase is refused.
// Provider keys carry the edit version: a retried edit never authorises twice, the next edit
// authorises afresh.
//
// One order's mutations are serialised on its row (decision 026): the payment claim is taken and
// the result saved under the row lock, and a cancel (customer or staff) does not wait for the
// claim: the claimant's last step (finishClaim) finds the order cancelled and voids what it
// authorised instead of saving it. Add-ons: the parent's row lock orders their creation and
// updates against its cancel, which cancels them (lifecycle.service).

type CheckoutOrderResponse = z.infer<typeof checkoutOrderResponseSchema>;
type PaymentMethodBody = z.output<typeof updateOrderPaymentMethodBodySchema>;
type AddOnCart = z.output<typeof addOnCartSchema>;

const NEEDS_SETUP: readonly string[] = ['CardSetup', 'SetupIntentCreated'];
const HOLDS_PAYMENT: readonly string[] = ['Accepted', 'ReadyToCapture'];
/** a parent that can take an add-on: placed and still live */
const ADD_ON_PARENT: readonly string[] = [
  'New',
  'Accepted',
  'CardSetup',
  'SetupIntentCreated',
  'ReadyToCapture',
  'DeliveryReady',
];

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
}

/** The upcoming-order rule for a stored order at an instant (shared with the order detail). */
export function editRuleOf(order: OrderRow, now: Date) {
  return editRule(
    {
      status: order.status === 'cancelled' ? 'Canceled' : order.status,
      deliveryAt: order.delivery_at,
      processingAt: order.order_processing_at,
      editable: order.editable,
    },
    now,
  );
}

const liveIntent = (pi: PaymentIntent | null) =>
  Boolean(pi && (pi.status === 'requires_capture' || pi.status === 'processing'));
const paymentStatusOf = (pi: PaymentIntent): PaymentStatus =>
  pi.status === 'requires_capture'
    ? 'authorized'
    : pi.status === 'processing'
      ? 'processing'
      : pi.status === 'succeeded'
        ? 'captured'
        : 'failed';
const heldCents = (pi: PaymentIntent) => (pi.status === 'requires_capture' ? pi.amountCents : 0);

export function createOrderEditsService(deps: OrderEditsDeps) {
  const { db, orders, catalogue, payments, clock } = deps;
  const paymentFlags = paymentFlagsFrom(db);
  const orderEvents = orderEventsFrom(db);

  async function ownOrder(id: number, userId: number): Promise<OrderRow> {
    const order = await orders.findById(id);
    if (!order || order.user_id !== userId) throw notFound('Order not found');
    return order;
  }

  function assertEditable(order: OrderRow, now: Date): void {
    const rule = editRuleOf(order, now);
    if (!rule.allowed) throw conflict(rule.message);
  }

  /**
   * Update Payment Method follows the edit rule, and is also open to a New (not yet accepted)
   * order whose authorisation 5 days before delivery failed: the customer was emailed to give
   * another method (decision 027).
   */
  function assertPaymentChangeable(order: OrderRow, now: Date): void {
    const t = now.getTime();
    const asked =
      order.status === 'New' &&
      order.payment_status === 'failed' &&
      order.delivery_at.getTime() > t &&
      order.order_processing_at.getTime() > t;
    if (!asked) assertEditable(order, now);
  }

  /**
   * An edit of a far-future order whose card is kept, not yet authorised: it stays so, and its
   * authorisation job follows the (maybe moved) delivery; a delivery now less than 5 days away
   * is authorised at the runner's next poll.
   */
  async function keepScheduled(order: OrderRow): Promise<OrderRow> {
    const now = clock.now();
    return withTransaction(db, async (tx) => {
      await orders.lockForUpdate(order.id, tx);
      await enqueue(tx, scheduledAuthorisationJob(order));
      return orders.setPlacedPayment(
        order.id,
        {
          paymentStatus: 'scheduled',
          paymentIntentId: null,
          paymentMethodId: order.payment_method_id,
          isEft: order.is_eft,
          authorizedCents: 0,
          refundedCents: order.refunded_cents,
          error: null,
          now,
        },
        tx,
      );
    });
  }

  const savedCards = (userId: number) => savedCardsOf(deps.paymentMethods, userId);
  const answer = async (order: OrderRow, userId: number): Promise<CheckoutOrderResponse> =>
    toCheckoutOrder(order, await savedCards(userId));

  /**
   * The rules of this order: an add-on rides on its parent's delivery (address, time, no fee, the
   * parent's on-site contact) and has its own PO number and cost centre, the parent's when not
   * given. Corporate fields an order's rewrite does not send are kept (keepCorporateFields).
   */
  async function prepareFor(order: OrderRow, payload: OrderPayload, userId: number, now: Date): Promise<PreparedOrder> {
    if (order.parent_order_id === null) {
      return prepareOrder(
        { catalogue, geocoder: deps.geocoder },
        keepCorporateFields(order, { ...payload, preset_id: order.preset_id ?? payload.preset_id }),
        userId,
        now,
      );
    }
    const parent = await orders.findById(order.parent_order_id);
    if (!parent) throw notFound('Order not found');
    assertParentOpen(parent, now);
    const p = parent.request_payload;
    const merged: OrderPayload = {
      ...payload,
      preset_id: parent.preset_id ?? payload.preset_id,
      receiving_method: parent.receiving_method,
      delivery_address: p.delivery_address,
      delivery_date: p.delivery_date,
      delivery_time: p.delivery_time,
      pickup_date: p.pickup_date,
      pickup_time: p.pickup_time,
      latitude: undefined,
      longitude: undefined,
      po_number: payload.po_number ?? parent.po_number,
      cost_centre: payload.cost_centre ?? parent.cost_centre,
      onsite_contact_name: parent.onsite_contact_name,
      onsite_contact_phone: parent.onsite_contact_phone,
    };
    return prepareOrder({ catalogue, geocoder: deps.geocoder }, merged, userId, now, {
      addOn: { latitude: parent.request_payload.latitude ?? null, longitude: parent.request_payload.longitude ?? null },
    });
  }

  /** An add-on can be created, changed or paid only while its parent is live and not yet delivered. */
  function assertParentOpen(parent: OrderRow, now: Date): void {
    if (CLOSED_STATUSES.includes(parent.status)) throw conflict(editMessages.parentCancelled);
    if (deliveryInPast(parent, now)) {
      throw conflict(editMessages.deliveredAt(displayDateTime(parent.delivery_at, parent.time_zone)));
    }
    if (!ADD_ON_PARENT.includes(parent.status)) throw conflict(editMessages.parentClosed);
  }

  /**
   * The last step of a payment change, the claim held: with the row locked, `save` records where
   * the payment stands (releasing the claim). If the order was cancelled or declined meanwhile (a
   * cancel voids or refunds what the order holds without waiting for the claim), the authorisation
   * this request made is voided instead of saved and the answer is 409; should the provider fail
   * here, the reconciliation job releases it (lifecycle.service reconcilePayments).
   */
  async function finishClaim(
    orderId: number,
    made: PaymentIntent | null,
    save: (tx: Queryable) => Promise<OrderRow>,
  ): Promise<OrderRow> {
    const closed = await withTransaction(db, async (tx) => {
      const locked = await orders.lockForUpdate(orderId, tx);
      if (!locked) throw notFound('Order not found');
      if (!CLOSED_STATUSES.includes(locked.status)) return { saved: await save(tx) };
      if (made && liveIntent(made)) {
        try {
          await payments.cancelPaymentIntent(made.id, {
            idempotencyKey: `catering-order-${orderId}-closed-${made.id}`,
          });
          await logEvent(tx, locked, {
            event: 'payment_voided',
            actor: 'system',
            userId: null,
            note: `The order was cancelled while its payment was being changed: the new authorisation ${made.id} was released.`,
            now: clock.now(),
          });
        } catch (err) {
          deps.log.error(
            { err: { message: (err as Error).message }, orderId, paymentIntentId: made.id },
            'could not release the authorisation of a cancelled order',
          );
        }
      }
      return { closed: locked };
    });
    if ('closed' in closed) throw conflict(editMessages.cancelledMeanwhile);
    return closed.saved;
  }

  async function logEvent(
    tx: Queryable,
    order: OrderRow,
    input: { event: string; actor: OrderActor; userId: number | null; note: string; now: Date },
  ) {
    await orderEvents.recordNote(tx, {
      orderId: order.id,
      status: order.status,
      event: input.event,
      actor: input.actor,
      actorUserId: input.userId,
      note: input.note,
      now: input.now,
    });
  }

  async function retrieve(id: string | null): Promise<PaymentIntent | null> {
    if (!id) return null;
    try {
      return await payments.retrievePaymentIntent(id);
    } catch (err) {
      if (err instanceof PaymentRequestError) return null;
      throw err;
    }
  }

  /**
   * Replaces the live authorisation by one of `amountCents` on `method`: the new one first, then
   * the old one is cancelled. If the old one cannot be cancelled the new one is, so the order
   * never holds two. Returns the new intent, or the refusal.
   */
  async function reauthorise(
    order: OrderRow,
    old: PaymentIntent | null,
    input: { amountCents: number; paymentMethodId: string; isEft: boolean; key: string },
  ): Promise<
    { ok: true; intent: PaymentIntent } | { ok: false; declined: boolean; message: string; action?: PaymentIntent }
  > {
    let intent: PaymentIntent;
    try {
      const customerId = await deps.paymentMethods.ensureCustomer(order.user_id);
      intent = await payments.createPaymentIntent({
        amountCents: input.amountCents,
        currency: order.currency,
        customerId,
        paymentMethodId: input.paymentMethodId,
        type: input.isEft ? 'acss_debit' : 'card',
        description: `Caterway order ${order.order_number}`,
        metadata: { order_id: String(order.id), order_number: order.order_number, purchase_id: order.purchase_id },
        idempotencyKey: `${input.key}-authorise`,
      });
    } catch (err) {
      if (err instanceof PaymentDeclinedError) return { ok: false, declined: true, message: err.message };
      if (err instanceof PaymentRequestError) return { ok: false, declined: false, message: err.message };
      throw err;
    }
    // 3-D Secure: the key replays the intent as first created; where it stands now is the provider's
    if (intent.status === 'requires_action') intent = await payments.retrievePaymentIntent(intent.id);
    if (intent.status === 'requires_action')
      return { ok: false, declined: false, message: messages.orderRequestFailed, action: intent };
    if (!liveIntent(intent)) return { ok: false, declined: true, message: messages.orderRequestFailed };
    if (old && liveIntent(old) && old.id !== intent.id) {
      try {
        await payments.cancelPaymentIntent(old.id, { idempotencyKey: `${input.key}-release-${old.id}` });
      } catch (err) {
        deps.log.error(
          { err: { message: (err as Error).message }, orderId: order.id },
          'could not release the previous authorisation',
        );
        await payments
          .cancelPaymentIntent(intent.id, { idempotencyKey: `${input.key}-undo-${intent.id}` })
          .catch(() => undefined);
        return { ok: false, declined: false, message: messages.orderRequestFailed };
      }
    }
    return { ok: true, intent };
  }

  /** Moves the status to match whether a hold covers the total (the machine decides; system actor). */
  async function followCoverage(
    tx: Queryable,
    order: OrderRow,
    covered: boolean,
    actor: OrderActor,
    actorUserId: number | null,
    now: Date,
  ) {
    const status = order.status as CateringStatus;
    if (covered && NEEDS_SETUP.includes(status)) {
      await orderEvents.applyEvent(tx, { orderId: order.id, event: 'payment_authorised', actor, actorUserId, now });
      // a ReadyToCapture order past its processing time is captured at once
      await scheduleProcessing(tx, order);
    } else if (!covered && HOLDS_PAYMENT.includes(status)) {
      await orderEvents.applyEvent(tx, {
        orderId: order.id,
        event: 'payment_needs_setup',
        actor: 'system',
        actorUserId: null,
        now,
        note: order.payment_error ?? '',
      });
    }
  }

  /** After an edit (claim held): make the payment follow the new total. */
  async function settleEdit(order: OrderRow, userId: number): Promise<OrderRow> {
    const now = clock.now();
    const total = order.total_cents;
    const current = await retrieve(order.payment_intent_id);
    const key = `catering-order-${order.id}-edit-${order.edit_version}`;
    let intent = current;
    let made: PaymentIntent | null = null;
    let refunded = order.refunded_cents;
    let covered: boolean;
    let error: string | null = null;
    try {
      if (current && current.status === 'succeeded') {
        const net = current.amountReceivedCents - order.refunded_cents;
        if (total < net) {
          const refund = await payments.refund({
            paymentIntentId: current.id,
            amountCents: net - total,
            idempotencyKey: `${key}-refund`,
          });
          refunded += refund.amountCents;
        }
        covered = total <= net;
      } else if (current && liveIntent(current) && current.amountCents === total) {
        covered = true;
      } else if (order.payment_method_id) {
        const result = await reauthorise(order, current, {
          amountCents: total,
          paymentMethodId: order.payment_method_id,
          isEft: order.is_eft,
          key,
        });
        if (result.ok) {
          intent = made = result.intent;
          covered = true;
        } else {
          covered = Boolean(current && liveIntent(current) && current.amountCents >= total);
          if (!covered) error = result.message;
        }
      } else {
        covered = false;
        error = messages.orderRequestFailed;
      }
    } catch (err) {
      // a provider outage: the edit is kept, the old hold stays; the order asks for a payment if uncovered
      deps.log.error(
        { err: { message: (err as Error).message }, orderId: order.id },
        'could not adjust the payment after an edit',
      );
      covered = Boolean(current && liveIntent(current) && current.amountCents >= total);
      if (!covered) error = messages.orderRequestFailed;
    }
    return finishClaim(order.id, made, async (tx) => {
      const saved = await orders.setPlacedPayment(
        order.id,
        {
          paymentStatus: intent ? paymentStatusOf(intent) : 'failed',
          paymentIntentId: intent?.id ?? order.payment_intent_id,
          paymentMethodId: order.payment_method_id,
          isEft: order.is_eft,
          authorizedCents: intent ? heldCents(intent) : 0,
          refundedCents: refunded,
          error,
          now,
        },
        tx,
      );
      await followCoverage(tx, saved, covered, 'system', null, now);
      return (await orders.findById(order.id, tx))!;
    });
  }

  return {
    editRuleOf,

    /**
     * PUT api/v2/catering_orders/{id} on a placed order: the edit page's Update Order (and the
     * save before Update Payment Method). Status, prices, owner and paid flags come from the server.
     */
    async edit(userId: number, id: number, payload: OrderPayload): Promise<CheckoutOrderResponse> {
      const existing = await ownOrder(id, userId);
      const now = clock.now();
      assertEditable(existing, now);
      const prepared = await prepareFor(existing, payload, userId, now);
      if (existing.captured_cents > 0 && prepared.totals.totalCents > existing.total_cents)
        throw conflict(editMessages.alreadyCollected);
      let scheduled = false;
      const rewritten = await withTransaction(db, async (tx) => {
        const locked = await orders.lockForUpdate(id, tx);
        if (!locked || locked.user_id !== userId) throw notFound('Order not found');
        assertEditable(locked, now);
        scheduled = locked.payment_status === 'scheduled';
        if (!(await orders.claimPlacedPayment(id, now, STALE_PAYMENT_CLAIM_SECONDS, tx)))
          throw conflict(editMessages.paymentInProgress);
        // a decrease of what was collected is a credit note against the order's invoice: issued
        // first from the order as charged if it has none (before its items are rewritten)
        const credited = locked.captured_cents > 0 && prepared.totals.totalCents < locked.total_cents;
        if (credited) await deps.invoicing.issue(tx, locked, now);
        const row = await orders.rewritePlaced(id, { order: prepared, isEft: locked.is_eft, now }, tx);
        if (credited) await deps.invoicing.credit(tx, { before: locked, after: row, reason: 'edit', now });
        await logEvent(tx, locked, {
          event: 'edit',
          actor: 'customer',
          userId,
          note: `edit ${row.edit_version}: total ${formatCents(locked.total_cents)} -> ${formatCents(row.total_cents)}`,
          now,
        });
        // the processing time follows the new delivery time (order_processing_at is rewritten above)
        await scheduleProcessing(tx, row);
        return row;
      });
      const settled = scheduled ? await keepScheduled(rewritten) : await settleEdit(rewritten, userId);
      return answer(settled, userId);
    },

    /**
     * PUT api/v2/catering_orders/{id}/payment_method (Update Payment Method): authorises the
     * order's total on the chosen card or bank account and releases the previous hold. From
     * CardSetup or SetupIntentCreated that is payment_authorised (-> ReadyToCapture).
     */
    async updatePaymentMethod(userId: number, id: number, body: PaymentMethodBody): Promise<CheckoutOrderResponse> {
      const existing = await ownOrder(id, userId);
      const now = clock.now();
      assertPaymentChangeable(existing, now);
      if (body.is_eft) {
        const [lead] = await catalogue.findChefsOfPreset(existing.preset_id ?? 0);
        if (!lead?.eft_enabled) throw validationFailed(['Bank debit (EFT) is not offered by this restaurant.']);
      }
      const claimed = await withTransaction(db, async (tx) => {
        const locked = await orders.lockForUpdate(id, tx);
        if (!locked || locked.user_id !== userId) throw notFound('Order not found');
        assertPaymentChangeable(locked, now);
        if (!(await orders.claimPlacedPayment(id, now, STALE_PAYMENT_CLAIM_SECONDS, tx)))
          throw conflict(editMessages.paymentInProgress);
        if (body.is_eft && locked.status === 'CardSetup') {
          await orderEvents.applyEvent(tx, {
            orderId: id,
            event: 'setup_intent_created',
            actor: 'customer',
            actorUserId: userId,
            now,
          });
        }
        return { before: locked, row: (await orders.findById(id, tx))! };
      });
      const order = claimed.row;
      const current = await retrieve(order.payment_intent_id);
      const restore = async (error: string | null) => {
        await finishClaim(order.id, null, (tx) =>
          orders.setPlacedPayment(
            order.id,
            {
              paymentStatus:
                claimed.before.payment_status === 'authorizing'
                  ? current
                    ? paymentStatusOf(current)
                    : 'failed'
                  : claimed.before.payment_status,
              paymentIntentId: order.payment_intent_id,
              paymentMethodId: order.payment_method_id,
              isEft: order.is_eft,
              authorizedCents: order.authorized_cents,
              refundedCents: order.refunded_cents,
              error,
              now: clock.now(),
            },
            tx,
          ),
        );
      };
      if (current?.status === 'succeeded') {
        await restore(order.payment_error);
        throw conflict(editMessages.alreadyCollected);
      }
      let result: Awaited<ReturnType<typeof reauthorise>>;
      try {
        if (body.save_card && (!body.is_eft || body.stripe_setup_intent_id)) {
          await deps.paymentMethods.add(userId, {
            payment_method_id: body.payment_method_id,
            stripe_setup_intent_id: body.is_eft ? body.stripe_setup_intent_id : undefined,
            name: `${order.first_name} ${order.last_name}`,
            email: order.email,
          });
        }
        result = await reauthorise(order, current, {
          amountCents: order.total_cents,
          paymentMethodId: body.payment_method_id,
          isEft: body.is_eft,
          key: `catering-order-${order.id}-edit-${order.edit_version}-method-${crypto.createHash('sha256').update(body.payment_method_id).digest('hex').slice(0, 16)}`,
        });
      } catch (err) {
        await restore(order.payment_error);
        if (err instanceof PaymentDeclinedError) throw new AppError('payment_required', err.message);
        if (err instanceof PaymentRequestError || err instanceof AppError)
          throw err instanceof AppError ? err : validationFailed([err.message]);
        throw err;
      }
      if (!result.ok && result.action) {
        // the card's bank asks for 3-D Secure: the old hold stays; the browser completes it with the
        // client secret and sends the same method again, which then finds the intent authorised
        await restore(order.payment_error);
        const row = (await orders.findById(order.id))!;
        const asked = await answer(row, userId);
        return {
          catering_order: {
            ...asked.catering_order,
            client_secret: result.action.clientSecret,
            payment_status: 'requires_action',
          },
        };
      }
      if (!result.ok) {
        await restore(result.message);
        if (result.declined) throw new AppError('payment_required', result.message);
        throw validationFailed([result.message]);
      }
      const intent = result.intent;
      const saved = await finishClaim(order.id, intent, async (tx) => {
        const row = await orders.setPlacedPayment(
          order.id,
          {
            paymentStatus: paymentStatusOf(intent),
            paymentIntentId: intent.id,
            paymentMethodId: body.payment_method_id,
            isEft: body.is_eft,
            authorizedCents: heldCents(intent),
            refundedCents: order.refunded_cents,
            error: null,
            now: clock.now(),
          },
          tx,
        );
        await followCoverage(tx, row, true, 'customer', userId, clock.now());
        // the new method holds the order: a failed or expired authorisation is no longer the console's concern
        await paymentFlags.clearPaymentFlag(tx, order.id, clock.now());
        return (await orders.findById(order.id, tx))!;
      });
      return answer(saved, userId);
    },

    /**
     * POST api/v2/catering_orders/{id}/add_on_order: a draft add-on of the user's placed order
     * (reused while it is still unpaid). Answers { id, preset_id } for the add-on page.
     */
    async createAddOn(userId: number, parentId: number): Promise<{ id: number; preset_id: number }> {
      const parent = await ownOrder(parentId, userId);
      if (parent.parent_order_id !== null) throw conflict(editMessages.addOnOfAddOn);
      const now = clock.now();
      assertParentOpen(parent, now);
      if (parent.preset_id === null) throw conflict(editMessages.parentClosed);
      const [lead] = await catalogue.findChefsOfPreset(parent.preset_id);
      if (!lead || lead.addon_maximum_items_qty <= 0) throw conflict(editMessages.noAddOns);
      // the parent's row lock: racing clicks make one draft, and a cancel of the parent either
      // comes first (refused here) or finds the draft and cancels it
      const addOn = await withTransaction(db, async (tx) => {
        const locked = await orders.lockForUpdate(parent.id, tx);
        if (!locked) throw notFound('Order not found');
        assertParentOpen(locked, now);
        return (
          (await orders.findOpenAddOn(parent.id, userId, tx)) ??
          (await orders.insertAddOn({ parent: locked, purchaseId: crypto.randomUUID(), now }, tx))
        );
      });
      return { id: addOn.id, preset_id: addOn.preset_id! };
    },

    /**
     * PUT api/v2/catering_orders/{purchaseId}/update_addon_order: the add-on checkout's submit
     * (cart, eft). A parent_token sent must be this add-on's parentTokanizeLink: a checkout
     * opened for another parent is refused (409) rather than charged to this one.
     */
    async updateAddOn(
      userId: number,
      purchaseId: string,
      cart: AddOnCart,
      isEft: boolean,
      parentToken?: string,
    ): Promise<CheckoutOrderResponse> {
      const order = await orders.findByPurchaseId(purchaseId);
      if (!order || order.user_id !== userId) throw notFound('Order not found');
      if (order.parent_order_id === null) throw conflict(editMessages.notAnAddOn);
      if (order.payment_status !== 'unpaid' && order.payment_status !== 'failed')
        throw conflict('This order is already paid and can no longer be changed here.');
      const parent = await orders.findById(order.parent_order_id);
      if (!parent) throw notFound('Order not found');
      if (
        parentToken !== undefined &&
        parentToken !== parentTokanizeLink((await orders.findDisplayContext(order.id)).preset_slug, parent)
      ) {
        throw conflict(editMessages.otherParent);
      }
      const now = clock.now();
      assertParentOpen(parent, now);
      if (isEft) {
        const [lead] = await catalogue.findChefsOfPreset(order.preset_id ?? 0);
        if (!lead?.eft_enabled) throw validationFailed(['Bank debit (EFT) is not offered by this restaurant.']);
      }
      const payload: OrderPayload = {
        ...parent.request_payload,
        ...cart,
        preset_id: parent.preset_id!,
        company_name: cart.company_name ?? '',
        delivery_suite_address: cart.delivery_suite_address ?? parent.request_payload.delivery_suite_address,
        // the add-on's own, else the parent's as it stands now (prepareFor), not as it was paid
        po_number: cart.po_number,
        cost_centre: cart.cost_centre,
      };
      const prepared = await prepareFor(order, payload, userId, now);
      const updated = await withTransaction(db, async (tx) => {
        // under the parent's lock: a cancel of the parent cannot slip between the check and the write
        const lockedParent = await orders.lockForUpdate(parent.id, tx);
        if (!lockedParent) throw notFound('Order not found');
        assertParentOpen(lockedParent, now);
        return orders.update(order.id, { order: prepared, isEft, now }, tx);
      });
      if (!updated) throw conflict('This order is already paid and can no longer be changed here.');
      return answer(updated, userId);
    },

    /** The add-on checkout's finalize re-checks with the add-on rules (orders.service finalize). */
    prepareFor,
  };
}
export type OrderEditsService = ReturnType<typeof createOrderEditsService>;
