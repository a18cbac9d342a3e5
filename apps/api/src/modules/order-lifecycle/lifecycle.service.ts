import {
  recordedDeclineReasons,
  partnerMessages,
  type CancelledOrderResponse,
  type PartnerAnswerBody,
  type OpsOrder,
  type OpsOrderDetailResponse,
  type OpsOrdersQuery,
  type StaffOrderEvent,
} from '@caterway/contracts';
import {
  CLOSED_STATUSES,
  ORDER_MOVES,
  availableEvents,
  displayStatus,
  editRule,
  statusLabel,
  wireStatus,
  TERMINAL_STATUSES,
  availableForOrdering,
  type CateringStatus,
  type OrderEvent,
} from '@caterway/domain';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueue, type EnqueueInput, type JobHandlers, type JobResult } from '../../lib/jobs.js';
import type { Mailer } from '../../ports/email.js';
import { PaymentRequestError, type PaymentIntent, type PaymentProvider } from '../../ports/payments.js';
import type { Invoicing } from '../invoices/invoices.service.js';
import { displayDateTime } from '../orders/orders.email.js';
import { paymentClaimHeld, type OrderRow, type PaymentStatus } from '../orders/orders.types.js';
import { alternativesNear } from './alternatives.repository.js';
import { lifecycleEmail, type Alternative, type LifecycleNotice } from './lifecycle.email.js';
import { applyOrderEvent, orderEvents } from './lifecycle.repository.js';
import { createOpsRepository, type OpsOrderRow } from './ops.repository.js';
import { createRestaurantRequestsRepository } from './restaurant-requests.repository.js';

/** A paid order reaches its restaurants in the payment's statement (the checkout, the group cut-off). */
export { reachRestaurantsParts } from './restaurant-requests.repository.js';

// What happens to a paid order (issue 5 item 1): processing at orderProcessingAt (edits lock,
// the held payment is captured), the operations console's moves, and the customer's cancel.
// Every status change goes through applyOrderEvent; every money move on an order happens while
// its row is locked, so a capture, a cancel and a staff action on one order never interleave.
// Provider calls carry idempotency keys derived from the order, so a retry after a crash
// replays the provider's answer instead of moving money twice.

export const PROCESS_ORDER = 'process_order';
export const CHECK_PAYMENT = 'check_payment';
export const RECONCILE_PAYMENTS = 'reconcile_payments';

/** how often the reconciliation runs, and how far back it looks at cancelled and declined orders */
const RECONCILE_EVERY_MS = 15 * 60_000;
const RECONCILE_LOOKBACK_MS = 3 * 86_400_000;

/** The recurring reconciliation: queued once under its key (at start-up), it queues its next run itself. */
export function reconcileJob(now: Date): EnqueueInput {
  return { kind: RECONCILE_PAYMENTS, dedupeKey: 'recurring', runAt: now, onConflict: 'keep' };
}

/** Accepted orders whose held payment is captured at processing time. */
const CAPTURABLE: readonly string[] = ['Accepted', 'ReadyToCapture', 'DeliveryReady', 'Delivered'];
const PAYMENT_PENDING: readonly string[] = ['CardSetup', 'SetupIntentCreated'];
/** how soon the processing job looks again at an order whose payment is being changed */
const CLAIM_RECHECK_MS = 5_000;

/**
 * Queues the processing of an order at its processing time (or moves the queued job there).
 * Call it whenever order_processing_at changes; the job re-reads the order when it runs.
 */
/** The order's processing job at its processing time (enqueued alone or as part of the payment's statement). */
export function processingJob(order: { id: number; order_processing_at: Date }): EnqueueInput {
  return {
    kind: PROCESS_ORDER,
    dedupeKey: `order:${order.id}`,
    payload: { order_id: order.id },
    runAt: order.order_processing_at,
    onConflict: 'reschedule',
  };
}

export async function scheduleProcessing(
  db: Queryable,
  order: { id: number; order_processing_at: Date },
): Promise<void> {
  await enqueue(db, processingJob(order));
}

/** The answer ladder's last step: nobody answered the request in time (decision 058). */
export interface ExpiredRequest {
  answer: 'decline';
  request_id: number;
  reason: 'no_answer';
  note?: string;
}

export interface LifecycleServiceDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** how long to wait before asking the provider again about a bank debit in flight */
  paymentRecheckMs?: number;
  /**
   * A card hold that expired before capture (7 days) is authorised again on the order's card
   * (payment-lifecycle renewExpired, row locked by the caller): the renewed order, or undefined
   * when refused (the order is then failed and flagged for operations).
   */
  renewAuthorisation?: (tx: Queryable, order: OrderRow, now: Date) => Promise<OrderRow | undefined>;
  /** a refund of a cancelled or declined order is a credit note against its invoice (docs/decisions/034) */
  invoicing: Invoicing;
}

export function createLifecycleService(deps: LifecycleServiceDeps) {
  const { db, payments, clock } = deps;
  const repo = createOpsRepository(db);
  const requests = createRestaurantRequestsRepository(db);
  const recheckMs = deps.paymentRecheckMs ?? 60 * 60_000;

  /**
   * Up to three restaurants that can deliver a declined order's address at its time, with the
   * storefront's rules (radius, hours, notice from now) and a minimum the order's food meets.
   */
  async function alternativesFor(order: OrderRow): Promise<Alternative[]> {
    if (order.receiving_method !== 'delivery') return [];
    const now = clock.now();
    const rows = await alternativesNear(db, { orderId: order.id, limit: 30 });
    return rows
      .filter(
        (c) =>
          c.minimum_cents <= order.subtotal_cents &&
          availableForOrdering({
            storeHours: c.store_hours,
            timeZone: c.time_zone,
            noticeHours: c.pre_order_notice_hours,
            radiusKm: c.delivery_radius_km,
            distanceKm: c.distance_km,
            deliveryInstant: order.delivery_at,
            now,
          }).available,
      )
      .slice(0, 3)
      .map((c) => ({ name: c.name, url: `${deps.publicUrl}/chefs/${encodeURIComponent(c.slug)}` }));
  }

  async function notify(
    notice: LifecycleNotice,
    order: OrderRow,
    by: 'customer' | 'staff' = 'staff',
    reason?: string,
  ): Promise<void> {
    try {
      const alternatives = notice === 'declined' ? await alternativesFor(order) : [];
      await deps.mailer.send(
        lifecycleEmail(notice, order, `${deps.publicUrl}/my-orders`, by, { alternatives, reason }),
      );
    } catch (err) {
      // the change is made: a mail outage must not turn it into an error the caller retries
      deps.log.error(
        { err: { message: (err as Error).message }, orderId: order.id, notice },
        'could not email the customer',
      );
    }
  }

  /**
   * Voids the authorisation or refunds what was captured (decline, cancel), in the caller's
   * transaction with the row locked; a refund comes with its credit note. A bank debit the
   * provider is still settling cannot be stopped: 409, and the status move rolls back with it.
   */
  async function releasePayment(tx: Queryable, order: OrderRow, now: Date): Promise<OrderRow> {
    const pi = order.payment_intent_id;
    // a payment change holds the claim (order-edits): the provider says what the saved intent
    // holds now; the claimant voids what it authorised itself when it finds the order cancelled
    const { status, capturedCents } =
      order.payment_status === 'authorizing'
        ? await heldNow(order)
        : { status: order.payment_status, capturedCents: order.captured_cents };
    try {
      if (pi && status === 'captured') {
        // the supply will not happen: all of what was invoiced is credited (the invoice issued now if none)
        await deps.invoicing.credit(tx, {
          before: order,
          after: null,
          reason: order.status === 'declined' ? 'decline' : 'cancel',
          now,
        });
        const remaining = capturedCents - order.refunded_cents;
        if (remaining > 0) {
          const refund = await payments.refund({
            paymentIntentId: pi,
            amountCents: remaining,
            idempotencyKey: `catering-order-${order.id}-refund-${pi}-${order.refunded_cents}`,
          });
          await repo.note(tx, {
            orderId: order.id,
            event: 'payment_refunded',
            status: order.status,
            note: `Refunded ${refund.amountCents} cents.`,
            now,
          });
          return repo.markReleased(tx, order.id, {
            paymentStatus: 'refunded',
            refundedCents: order.refunded_cents + refund.amountCents,
            now,
          });
        }
        return repo.markReleased(tx, order.id, { paymentStatus: 'refunded', refundedCents: order.refunded_cents, now });
      }
      if (pi && (status === 'authorized' || status === 'processing')) {
        try {
          await payments.cancelPaymentIntent(pi, { idempotencyKey: `catering-order-${order.id}-void-${pi}` });
        } catch (err) {
          // the claimant of a payment change released it meanwhile (it replaced it by its own)
          const replaced =
            order.payment_status === 'authorizing' &&
            err instanceof PaymentRequestError &&
            (await heldNow(order)).status === 'canceled';
          if (!replaced) throw err;
          return repo.markReleased(tx, order.id, {
            paymentStatus: 'canceled',
            refundedCents: order.refunded_cents,
            now,
          });
        }
        await repo.note(tx, {
          orderId: order.id,
          event: 'payment_voided',
          status: order.status,
          note: 'The authorisation was released.',
          now,
        });
        return repo.markReleased(tx, order.id, { paymentStatus: 'canceled', refundedCents: order.refunded_cents, now });
      }
    } catch (err) {
      // a card hold that expired (7 days) is released already: nothing left to void
      if (
        err instanceof PaymentRequestError &&
        pi &&
        (await payments.retrievePaymentIntent(pi).catch(() => undefined))?.status === 'canceled'
      ) {
        return repo.markReleased(tx, order.id, { paymentStatus: 'canceled', refundedCents: order.refunded_cents, now });
      }
      if (err instanceof PaymentRequestError) {
        throw conflict(
          'The payment of this order is being settled by the bank and cannot be released right now. Please try again later.',
        );
      }
      throw err;
    }
    return repo.markReleased(tx, order.id, {
      paymentStatus: status === 'authorizing' ? 'canceled' : status,
      refundedCents: order.refunded_cents,
      now,
    });
  }

  /** Where the saved intent of an order whose payment is being changed stands, by the provider. */
  async function heldNow(order: OrderRow): Promise<{ status: PaymentStatus; capturedCents: number }> {
    if (!order.payment_intent_id) return { status: 'canceled', capturedCents: 0 };
    try {
      const intent = await payments.retrievePaymentIntent(order.payment_intent_id);
      if (intent.status === 'succeeded') return { status: 'captured', capturedCents: intent.amountReceivedCents };
      return {
        status:
          intent.status === 'requires_capture'
            ? 'authorized'
            : intent.status === 'processing'
              ? 'processing'
              : 'canceled',
        capturedCents: 0,
      };
    } catch (err) {
      if (err instanceof PaymentRequestError) return { status: 'canceled', capturedCents: 0 };
      throw err;
    }
  }

  /**
   * An add-on order rides on its parent's delivery: cancelling or declining the parent cancels
   * its add-ons (drafts included) and releases their payments, in the parent's transaction. The
   * parent's row is locked first, so creating or paying an add-on never interleaves (decision 026).
   */
  async function cancelAddOns(tx: Queryable, parent: OrderRow, now: Date): Promise<void> {
    for (const addOn of await repo.lockAddOns(tx, parent.id, ORDER_MOVES.parent_cancelled.from)) {
      await applyOrderEvent(tx, {
        orderId: addOn.id,
        event: 'parent_cancelled',
        actor: 'system',
        actorUserId: null,
        now,
        note: `Order ${parent.order_number} was cancelled.`,
      });
      await releasePayment(tx, (await repo.lock(tx, addOn.id))!, now);
    }
  }

  /** Captured and delivered: the order settles to customer_paid (a system move). */
  async function settleIfDelivered(tx: Queryable, order: OrderRow, now: Date): Promise<void> {
    if (order.status === 'Delivered' && order.payment_status === 'captured') {
      await applyOrderEvent(tx, { orderId: order.id, event: 'settle', actor: 'system', actorUserId: null, now });
    }
  }

  /** A card hold the provider canceled after 7 days (Stripe's expiry; its webhook may have said so already). */
  async function holdExpired(order: OrderRow): Promise<boolean> {
    if (order.is_eft || !order.payment_method_id || !deps.renewAuthorisation) return false;
    if (order.payment_status === 'canceled') return true;
    const intent = order.payment_intent_id
      ? await payments.retrievePaymentIntent(order.payment_intent_id).catch(() => undefined)
      : undefined;
    return intent?.status === 'canceled' && intent.cancellationReason === 'automatic';
  }

  async function renewThenCapture(tx: Queryable, order: OrderRow, now: Date): Promise<JobResult> {
    const renewed = await deps.renewAuthorisation!(tx, order, now);
    if (renewed) return capture(tx, renewed, now);
  }

  /** The capture itself, with the row locked; answers a follow-up time when a bank debit is still in flight. */
  async function capture(tx: Queryable, order: OrderRow, now: Date): Promise<JobResult> {
    const pi = order.payment_intent_id;
    if (order.payment_status === 'captured') {
      await repo.setProcessing(tx, order.id, 'processed', now);
      return;
    }
    if (order.payment_status === 'canceled' && (await holdExpired(order))) return renewThenCapture(tx, order, now);
    if (!pi || (order.payment_status !== 'authorized' && order.payment_status !== 'processing')) {
      await repo.note(tx, {
        orderId: order.id,
        event: 'capture_skipped',
        status: order.status,
        note: `No payment to capture (payment ${order.payment_status}); left for staff.`,
        now,
      });
      return;
    }
    const partial =
      order.authorized_cents > 0 && order.total_cents < order.authorized_cents ? order.total_cents : undefined;
    try {
      const intent = await payments.capturePaymentIntent(pi, {
        amountToCaptureCents: partial,
        idempotencyKey: `catering-order-${order.id}-capture-${pi}`,
      });
      if (intent.status === 'succeeded') {
        const captured = await repo.markCaptured(tx, order.id, intent.amountReceivedCents, now);
        await repo.note(tx, {
          orderId: order.id,
          event: 'payment_captured',
          status: order.status,
          note: `Captured ${intent.amountReceivedCents} cents.`,
          now,
        });
        await settleIfDelivered(tx, captured, now);
        return;
      }
      if (intent.status === 'processing') {
        // bank debit: the provider settles it on its own schedule; ask again later
        await repo.setProcessing(tx, order.id, 'processing', now);
        await enqueue(tx, {
          kind: CHECK_PAYMENT,
          dedupeKey: `order:${order.id}`,
          payload: { order_id: order.id },
          runAt: new Date(now.getTime() + recheckMs),
          onConflict: 'reschedule',
        });
        return;
      }
      await repo.markPaymentFailed(tx, order.id, `The payment could not be captured (${intent.status}).`, now);
      await repo.note(tx, {
        orderId: order.id,
        event: 'capture_failed',
        status: order.status,
        note: `The payment could not be captured (${intent.status}); left for staff.`,
        now,
      });
    } catch (err) {
      if (!(err instanceof PaymentRequestError)) throw err; // an outage: the job retries
      if (await holdExpired(order)) return renewThenCapture(tx, order, now);
      await repo.markPaymentFailed(tx, order.id, err.message, now);
      await repo.note(tx, {
        orderId: order.id,
        event: 'capture_failed',
        status: order.status,
        note: `${err.message} Left for staff.`,
        now,
      });
    }
  }

  /**
   * The process_order job (by the server clock): re-reads the order, runs again later if its
   * processing time moved, otherwise locks edits and captures an accepted order's payment.
   */
  async function processOrder(orderId: number): Promise<JobResult> {
    const now = clock.now();
    return withTransaction(db, async (tx) => {
      const order = await repo.lock(tx, orderId);
      if (!order || order.status === 'draft') return;
      if (order.order_processing_at.getTime() > now.getTime()) return { retryAt: order.order_processing_at };
      if (await repo.lockEdits(tx, order.id, now)) {
        await repo.note(tx, {
          orderId: order.id,
          event: 'edits_locked',
          status: order.status,
          note: 'Processing time reached: edits are locked.',
          now,
        });
      }
      if ((TERMINAL_STATUSES as readonly string[]).includes(order.status) || order.processing !== 'pending') return;
      if (order.status === 'New') return; // captured when staff accept it
      // an edit or Update Payment Method is saving a new authorisation: capture that one, after it
      if (paymentClaimHeld(order, now)) return { retryAt: new Date(now.getTime() + CLAIM_RECHECK_MS) };
      if (PAYMENT_PENDING.includes(order.status)) {
        await repo.note(tx, {
          orderId: order.id,
          event: 'capture_skipped',
          status: order.status,
          note: 'The customer has not set up a payment method yet: the payment cannot be captured. Left for staff.',
          now,
        });
        return;
      }
      if (CAPTURABLE.includes(order.status)) return capture(tx, order, now);
    });
  }

  /** The check_payment job: a bank debit in flight is asked about until it settles or fails. */
  async function checkPayment(orderId: number): Promise<JobResult> {
    const now = clock.now();
    return withTransaction(db, async (tx) => {
      const order = await repo.lock(tx, orderId);
      if (!order || order.processing !== 'processing' || !order.payment_intent_id) return;
      const intent = await payments.retrievePaymentIntent(order.payment_intent_id);
      if (intent.status === 'succeeded') {
        const captured = await repo.markCaptured(tx, order.id, intent.amountReceivedCents, now);
        await repo.note(tx, {
          orderId: order.id,
          event: 'payment_captured',
          status: order.status,
          note: `The bank debit settled: ${intent.amountReceivedCents} cents.`,
          now,
        });
        await settleIfDelivered(tx, captured, now);
        return;
      }
      if (intent.status === 'processing') return { retryAt: new Date(now.getTime() + recheckMs) };
      await repo.markPaymentFailed(tx, order.id, `The bank debit failed (${intent.status}).`, now);
      await repo.note(tx, {
        orderId: order.id,
        event: 'capture_failed',
        status: order.status,
        note: `The bank debit failed (${intent.status}); left for staff.`,
        now,
      });
    });
  }

  /**
   * The reconciliation job (decision 026): every live authorisation (requires_capture) or bank
   * debit not yet settled (processing) that the provider holds for a cancelled or declined order
   * is released, whatever the order saved (a request that crashed or lost a race may have left
   * one). Each release is logged and noted in order_events. Answers how many were released.
   */
  async function reconcilePayments(): Promise<number> {
    const now = clock.now();
    let released = 0;
    for (const order of await repo.closedSince(new Date(now.getTime() - RECONCILE_LOOKBACK_MS), CLOSED_STATUSES)) {
      let intents: PaymentIntent[];
      try {
        intents = await payments.listPaymentIntents({ orderId: order.id });
      } catch (err) {
        deps.log.error(
          { err: { message: (err as Error).message }, orderId: order.id },
          'reconciliation could not list the payments of an order',
        );
        continue;
      }
      for (const intent of intents) {
        if (
          (intent.status === 'requires_capture' || intent.status === 'processing') &&
          (await releaseLeaked(order.id, intent, now))
        )
          released += 1;
      }
    }
    return released;
  }

  async function releaseLeaked(orderId: number, intent: PaymentIntent, now: Date): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const order = await repo.lock(tx, orderId);
      if (!order || !CLOSED_STATUSES.includes(order.status)) return false;
      try {
        await payments.cancelPaymentIntent(intent.id, {
          idempotencyKey: `catering-order-${orderId}-reconcile-${intent.id}`,
        });
      } catch (err) {
        if (!(err instanceof PaymentRequestError)) throw err;
        // released meanwhile, or a debit the bank is settling: looked at again at the next run
        deps.log.warn(
          { orderId, paymentIntentId: intent.id, err: { message: err.message } },
          'reconciliation could not release a payment yet',
        );
        return false;
      }
      const what = intent.status === 'processing' ? 'bank debit' : 'authorisation';
      await repo.note(tx, {
        orderId,
        event: 'payment_reconciled',
        status: order.status,
        note: `The reconciliation released a live ${what} of ${intent.amountCents} cents (${intent.id}) left on a ${order.status === 'Canceled' ? 'cancelled' : statusLabel(order.status).toLowerCase()} order.`,
        now,
      });
      if (
        intent.id === order.payment_intent_id &&
        ['authorized', 'processing', 'authorizing'].includes(order.payment_status)
      ) {
        await repo.markReleased(tx, orderId, { paymentStatus: 'canceled', refundedCents: order.refunded_cents, now });
      }
      deps.log.warn(
        {
          orderId,
          orderNumber: order.order_number,
          orderStatus: order.status,
          paymentIntentId: intent.id,
          intentStatus: intent.status,
          amountCents: intent.amountCents,
        },
        'reconciliation released a payment left live on a closed order',
      );
      return true;
    });
  }

  function toOpsOrder(o: OpsOrderRow): OpsOrder {
    const status = wireStatus(o.status);
    return {
      id: o.id,
      order_number: o.order_number,
      delivery_at: o.delivery_at.toISOString(),
      delivery_date: o.delivery_date,
      display_delivery_date_time: displayDateTime(o.delivery_at, o.time_zone),
      order_processing_at: o.order_processing_at.toISOString(),
      time_zone: o.time_zone,
      order_type: o.receiving_method,
      customer: {
        name: `${o.first_name} ${o.last_name}`.trim(),
        email: o.email,
        company_name: o.company_name,
        phone_number: o.phone_number,
      },
      restaurant: { name: o.chef_name ?? o.preset_name, preset_name: o.preset_name },
      onsite_contact: o.onsite_contact_name ? { name: o.onsite_contact_name, phone: o.onsite_contact_phone } : null,
      po_number: o.po_number,
      totals: {
        total_cents: o.total_cents,
        authorized_cents: o.authorized_cents,
        captured_cents: o.captured_cents,
        refunded_cents: o.refunded_cents,
      },
      status,
      status_label: statusLabel(status),
      display_status: displayStatus(o.processing, status),
      processing: o.processing,
      payment_status: o.payment_status,
      is_eft: o.is_eft,
      editable: o.editable,
      available_events: availableEvents(status as CateringStatus, 'staff') as StaffOrderEvent[],
      attention: o.attention_reason
        ? { reason: o.attention_reason, since: (o.attention_at ?? o.created_at).toISOString() }
        : null,
    };
  }

  async function opsDetail(id: number): Promise<OpsOrderDetailResponse> {
    const order = await repo.findById(id);
    if (!order) throw notFound('Order not found');
    const events = await orderEvents(db, id);
    return {
      order: {
        ...toOpsOrder(order),
        events: events.map((e) => ({
          id: e.id,
          event: e.event,
          from_status: e.from_status,
          to_status: e.to_status,
          actor_kind: e.actor_kind,
          actor_email: e.actor_email,
          note: e.note,
          created_at: e.created_at.toISOString(),
        })),
      },
    };
  }

  /** An order accepted after its processing time is captured at once (else its job does it then). */
  async function captureIfLate(order: OrderRow, now: Date): Promise<void> {
    if (order.order_processing_at.getTime() > now.getTime()) return;
    try {
      await processOrder(order.id);
    } catch (err) {
      // the acceptance stands; the queue captures it as soon as the provider answers
      deps.log.warn(
        { err: { message: (err as Error).message }, orderId: order.id },
        'capture after a late acceptance failed; queued',
      );
      await scheduleProcessing(db, { id: order.id, order_processing_at: now });
    }
  }

  const NOTICE: Partial<Record<OrderEvent, LifecycleNotice>> = {
    accept: 'accepted',
    decline: 'declined',
    cancel: 'cancelled',
    mark_delivered: 'delivered',
  };

  return {
    processOrder,
    checkPayment,
    reconcilePayments,

    /** The job kinds this module runs (the runner in the API process or `npm run worker`). */
    jobHandlers(): JobHandlers {
      return {
        [PROCESS_ORDER]: (job) => processOrder(Number(job.payload.order_id)),
        [CHECK_PAYMENT]: (job) => checkPayment(Number(job.payload.order_id)),
        // recurring: each run queues the next
        [RECONCILE_PAYMENTS]: async () => {
          await reconcilePayments();
          return { retryAt: new Date(clock.now().getTime() + RECONCILE_EVERY_MS) };
        },
      };
    },

    /** GET api/v2/ops/orders?from&to: placed orders by delivery day (in each order's zone). */
    async listOrders(query: OpsOrdersQuery): Promise<{ orders: OpsOrder[] }> {
      // the contract refused unreal, absurd, backwards and too long ranges (422)
      return { orders: (await repo.listByDeliveryDate(query.from, query.to)).map(toOpsOrder) };
    },

    opsDetail,

    /**
     * POST api/v2/ops/orders/{id}/events: a staff move. Decline and cancel release the payment;
     * delivered and captured settles; an order accepted after its processing time is captured at
     * once. The customer is emailed after the change is committed.
     */
    async staffEvent(staffUserId: number, id: number, event: StaffOrderEvent): Promise<OpsOrderDetailResponse> {
      const now = clock.now();
      const order = await withTransaction(db, async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current || current.status === 'draft') throw notFound('Order not found');
        await applyOrderEvent(tx, { orderId: id, event, actor: 'staff', actorUserId: staffUserId, now });
        let row = (await repo.lock(tx, id))!;
        if (event === 'decline' || event === 'cancel') {
          row = await releasePayment(tx, row, now);
          await cancelAddOns(tx, row, now);
        }
        if (event === 'mark_delivered') {
          await settleIfDelivered(tx, row, now);
          row = (await repo.lock(tx, id))!;
        }
        return row;
      });
      if (event === 'accept') await captureIfLate(order, now);
      const notice = NOTICE[event];
      if (notice) await notify(notice, order, 'staff');
      return opsDetail(id);
    },

    /**
     * POST api/v2/partner/restaurants/{chefId}/orders/{id}/answers: a restaurant's answer to its
     * waiting request (decision 048). Accepting moves the order to Accepted once every restaurant
     * of the order has accepted; declining declines it for all of them, voids or refunds the
     * payment and tells the customer; acknowledging records that the kitchen saw an edit or a
     * cancellation. 404 for a request that is not this restaurant's about this order; 409 when
     * it was answered or superseded meanwhile, or the answer does not fit it.
     */
    async restaurantAnswer(
      who: { userId: number | null; chefId: number; via: 'portal' | 'email' | 'operations' | 'auto' | 'system' },
      id: number,
      body: PartnerAnswerBody | ExpiredRequest,
    ): Promise<void> {
      const now = clock.now();
      const actor = who.via === 'operations' ? 'staff' : 'restaurant';
      const moved = await withTransaction(db, async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current || current.status === 'draft') throw notFound('Order not found');
        const request = (await requests.ofOrder(who.chefId, id, tx)).find((r) => r.id === body.request_id);
        if (!request) throw notFound('Order not found');
        const toAccept = request.kind === 'new_order' || request.kind === 'add_on';
        if (request.answer !== null) throw conflict(partnerMessages.requestAnswered);
        if ((body.answer === 'acknowledge') === toAccept) throw conflict(partnerMessages.answerDoesNotFit);
        const declined = body.answer === 'decline' ? body : undefined;
        const answered = await requests.answer(tx, {
          requestId: request.id,
          chefId: who.chefId,
          orderId: id,
          answer: body.answer === 'accept' ? 'accepted' : declined ? 'declined' : 'acknowledged',
          kinds: [request.kind],
          reason: declined?.reason,
          note: declined?.note,
          userId: who.userId,
          via: who.via,
          now,
        });
        if (!answered) throw conflict(partnerMessages.requestAnswered);
        if (current.status !== 'New' || !toAccept) return undefined;
        const moveBy = { orderId: id, actor, actorUserId: who.userId, restaurantId: who.chefId, now } as const;
        if (declined) {
          const note = `${recordedDeclineReasons[declined.reason]}${declined.note ? `: ${declined.note}` : ''}`;
          await applyOrderEvent(tx, { ...moveBy, event: 'decline', note });
          const released = await releasePayment(tx, (await repo.lock(tx, id))!, now);
          await cancelAddOns(tx, released, now);
          // what the customer reads: the reason's words, and the restaurant's note in its own
          const reason =
            declined.reason === 'no_answer'
              ? `${recordedDeclineReasons.no_answer}.`
              : `The restaurant's reason: ${recordedDeclineReasons[declined.reason]}.${declined.note ? ` “${declined.note}”` : ''}`;
          return { event: 'decline' as const, order: released, reason };
        }
        // a multi-restaurant order is accepted when the last of its restaurants accepts
        if ((await requests.stillToAccept(tx, id)) > 0) return undefined;
        await applyOrderEvent(tx, { ...moveBy, event: 'accept' });
        return { event: 'accept' as const, order: (await repo.lock(tx, id))!, reason: undefined };
      });
      if (!moved) return;
      if (moved.event === 'accept') await captureIfLate(moved.order, now);
      await notify(moved.event === 'accept' ? 'accepted' : 'declined', moved.order, 'staff', moved.reason);
    },

    /**
     * DELETE api/v2/catering_orders/{id}: the owner cancels under the upcoming-order rule
     * (browse-account-orders §4) at the server's instant; the payment is voided or refunded.
     */
    async customerCancel(userId: number, id: number): Promise<CancelledOrderResponse> {
      const now = clock.now();
      const order = await withTransaction(db, async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current || current.user_id !== userId || current.status === 'draft') throw notFound('Order not found');
        const rule = editRule(
          {
            status: current.status,
            deliveryAt: current.delivery_at,
            processingAt: current.order_processing_at,
            editable: current.editable,
          },
          now,
        );
        if (!rule.allowed) throw conflict(rule.message);
        await applyOrderEvent(tx, { orderId: id, event: 'cancel', actor: 'customer', actorUserId: userId, now });
        const released = await releasePayment(tx, (await repo.lock(tx, id))!, now);
        await cancelAddOns(tx, released, now);
        return released;
      });
      await notify('cancelled', order, 'customer');
      return {
        catering_order: {
          id: order.id,
          status: order.status,
          payment_status: order.payment_status,
          refunded_cents: order.refunded_cents,
        },
      };
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
