import { TERMINAL_STATUSES, messages } from '@caterway/domain';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import type { AppDeps } from '../../lib/deps.js';
import type { EnqueueInput, JobHandlers, JobResult } from '../../lib/jobs.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  type PaymentIntent,
  type PaymentProvider,
} from '../../ports/payments.js';
import { lifecycleEmail } from '../order-lifecycle/lifecycle.email.js';
import { orderEventsFrom } from '../order-lifecycle/order-events.service.js';
import { orderRecordsFrom, type OrderRecords } from '../orders/order-records.service.js';
import type { OrderRow } from '../orders/orders.types.js';
import { paymentMethodsServiceFrom, type PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import { createPaymentLifecycleRepository } from './payment-lifecycle.repository.js';

// Far-future orders (docs/decisions/027): a card authorisation lives 7 days (Stripe cancels it
// after that, and so does the sandbox), so an order delivered more than 6 days after checkout
// keeps the customer's card (a confirmed off-session SetupIntent) and this job authorises it
// 5 days before delivery. A refusal then flags the order for operations, asks the customer for
// Update Payment Method (an email; an accepted order moves to CardSetup) and records why.
// The same off-session authorisation renews a hold that expired before capture.

const DAY_MS = 86_400_000;
/** Delivery further than this after checkout: the card is kept, not authorised (the hold would expire first). */
export const SCHEDULE_AFTER_MS = 6 * DAY_MS;
/** The kept card is authorised this long before delivery. */
export const AUTHORISE_BEFORE_MS = 5 * DAY_MS;
export const AUTHORISE_ORDER = 'authorise_order';

/** Statuses in which the customer can be asked for a new method through the machine (-> CardSetup). */
const NEEDS_SETUP_FROM: readonly string[] = ['Accepted', 'ReadyToCapture'];

export function authoriseLater(order: { delivery_at: Date; is_eft: boolean }, now: Date): boolean {
  return !order.is_eft && order.delivery_at.getTime() - now.getTime() > SCHEDULE_AFTER_MS;
}

export function authorisationDueAt(order: { delivery_at: Date }): Date {
  return new Date(order.delivery_at.getTime() - AUTHORISE_BEFORE_MS);
}

/** The order's authorisation job, at 5 days before its delivery (moved again when an edit moves the delivery). */
export function scheduledAuthorisationJob(order: { id: number; delivery_at: Date }): EnqueueInput {
  return {
    kind: AUTHORISE_ORDER,
    dedupeKey: `order:${order.id}`,
    payload: { order_id: order.id },
    runAt: authorisationDueAt(order),
    onConflict: 'reschedule',
  };
}

export const scheduledMessages = {
  attention: (error: string) =>
    `The card could not be authorised 5 days before delivery: ${error} The customer was asked to update the payment method.`,
  renewFailed: (error: string) => `The card authorisation expired before capture and could not be renewed: ${error}`,
} as const;

export type OffSessionResult = { ok: true; intent: PaymentIntent } | { ok: false; message: string };

/**
 * Authorises the order's total on its saved card with the customer away (off_session). A
 * decline or refusal is a result; an outage throws (the job retries with the same key).
 */
export async function authoriseOffSession(
  deps: { payments: PaymentProvider; paymentMethods: Pick<PaymentMethodsService, 'ensureCustomer'> },
  order: OrderRow,
  idempotencyKey: string,
): Promise<OffSessionResult> {
  if (!order.payment_method_id) return { ok: false, message: messages.orderRequestFailed };
  try {
    const intent = await deps.payments.createPaymentIntent({
      amountCents: order.total_cents,
      currency: order.currency,
      customerId: await deps.paymentMethods.ensureCustomer(order.user_id),
      paymentMethodId: order.payment_method_id,
      type: 'card',
      description: `Caterway order ${order.order_number}`,
      metadata: { order_id: String(order.id), order_number: order.order_number, purchase_id: order.purchase_id },
      idempotencyKey,
      offSession: true,
    });
    return intent.status === 'requires_capture'
      ? { ok: true, intent }
      : { ok: false, message: messages.orderRequestFailed };
  } catch (err) {
    if (err instanceof PaymentDeclinedError || err instanceof PaymentRequestError)
      return { ok: false, message: err.message };
    throw err;
  }
}

export interface ScheduledAuthorisationDeps {
  db: Db;
  orders: Pick<OrderRecords, 'lockForUpdate' | 'setPlacedPayment'>;
  payments: PaymentProvider;
  paymentMethods: Pick<PaymentMethodsService, 'ensureCustomer'>;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: { error(obj: object, msg?: string): void };
}

export function createScheduledAuthorisationService(deps: ScheduledAuthorisationDeps) {
  const { db, clock } = deps;
  const repo = createPaymentLifecycleRepository(db);
  const ops = orderEventsFrom(db);

  /** The order is held again by a new authorisation on its card. */
  function holdWith(tx: Queryable, order: OrderRow, intent: PaymentIntent, now: Date): Promise<OrderRow> {
    return deps.orders.setPlacedPayment(
      order.id,
      {
        paymentStatus: 'authorized',
        paymentIntentId: intent.id,
        paymentMethodId: order.payment_method_id,
        isEft: false,
        authorizedCents: intent.amountCents,
        refundedCents: order.refunded_cents,
        error: null,
        now,
      },
      tx,
    );
  }

  /** The customer's email, in the transaction when the outbox is the delivery (it commits with the change). */
  async function writeEmail(tx: Queryable, email: OutgoingEmail): Promise<OutgoingEmail | undefined> {
    if (!deps.mailer.deliveredByOutboxRow) return email;
    await repo.insertOutboxEmail(tx, email);
    return undefined;
  }

  /**
   * The refusal 5 days before delivery: payment failed with the provider's message, the order
   * flagged for operations, an accepted one sent to CardSetup (Update Payment Method), and the
   * customer emailed. Answers the email still to send (SMTP) after the commit.
   */
  async function askForPaymentMethod(
    tx: Queryable,
    order: OrderRow,
    error: string,
    now: Date,
  ): Promise<OutgoingEmail | undefined> {
    const failed = await deps.orders.setPlacedPayment(
      order.id,
      {
        paymentStatus: 'failed',
        paymentIntentId: null,
        paymentMethodId: order.payment_method_id,
        isEft: false,
        authorizedCents: 0,
        refundedCents: order.refunded_cents,
        error,
        now,
      },
      tx,
    );
    await repo.flag(tx, order.id, 'payment', scheduledMessages.attention(error), now);
    await ops.note(tx, {
      orderId: order.id,
      event: 'payment_authorisation_failed',
      status: order.status,
      note: scheduledMessages.attention(error),
      now,
    });
    if (NEEDS_SETUP_FROM.includes(order.status)) {
      await ops.applyEvent(tx, {
        orderId: order.id,
        event: 'payment_needs_setup',
        actor: 'system',
        actorUserId: null,
        now,
        note: error,
      });
    }
    return writeEmail(tx, lifecycleEmail('payment_method_needed', failed, `${deps.publicUrl}/my-orders`));
  }

  /** The authorise_order job: 5 days before delivery, the kept card is authorised for the order's total. */
  async function authoriseScheduled(orderId: number): Promise<JobResult> {
    const now = clock.now();
    let email: OutgoingEmail | undefined;
    const result = await withTransaction(db, async (tx): Promise<JobResult> => {
      const order = await deps.orders.lockForUpdate(orderId, tx);
      if (
        !order ||
        order.payment_status !== 'scheduled' ||
        (TERMINAL_STATUSES as readonly string[]).includes(order.status)
      )
        return;
      const due = authorisationDueAt(order);
      if (due.getTime() > now.getTime()) return { retryAt: due }; // an edit moved the delivery later
      // the key carries the edit version: an edit's new total is authorised afresh, a retry never twice
      const outcome = await authoriseOffSession(
        deps,
        order,
        `catering-order-${order.id}-scheduled-${order.edit_version}`,
      );
      if (!outcome.ok) {
        email = await askForPaymentMethod(tx, order, outcome.message, now);
        return;
      }
      await holdWith(tx, order, outcome.intent, now);
      await ops.note(tx, {
        orderId: order.id,
        event: 'payment_authorised',
        status: order.status,
        note: `Authorised ${outcome.intent.amountCents} cents 5 days before delivery.`,
        now,
      });
      await repo.clearPaymentFlag(tx, order.id, now);
    });
    if (email) {
      await deps.mailer
        .send(email)
        .catch((err: unknown) =>
          deps.log.error({ err: { message: (err as Error).message }, orderId }, 'could not email the customer'),
        );
    }
    return result;
  }

  /**
   * At capture, the hold had expired (7 days): a new authorisation on the order's card, which the
   * caller captures at once. A refusal marks the payment failed and flags the order for
   * operations (edits are locked at processing time, so staff take it from there).
   */
  async function renewExpired(tx: Queryable, order: OrderRow, now: Date): Promise<OrderRow | undefined> {
    const outcome = await authoriseOffSession(
      deps,
      order,
      `catering-order-${order.id}-renew-${order.payment_intent_id ?? 'none'}-${order.edit_version}`,
    );
    if (!outcome.ok) {
      await ops.markPaymentFailed(tx, order.id, outcome.message, now);
      await repo.flag(tx, order.id, 'payment', scheduledMessages.renewFailed(outcome.message), now);
      await ops.note(tx, {
        orderId: order.id,
        event: 'capture_failed',
        status: order.status,
        note: scheduledMessages.renewFailed(outcome.message),
        now,
      });
      return undefined;
    }
    await ops.note(tx, {
      orderId: order.id,
      event: 'payment_renewed',
      status: order.status,
      note: `The authorisation had expired: renewed for ${outcome.intent.amountCents} cents.`,
      now,
    });
    await repo.clearPaymentFlag(tx, order.id, now);
    return holdWith(tx, order, outcome.intent, now);
  }

  return {
    authoriseScheduled,
    renewExpired,
    jobHandlers(): JobHandlers {
      return { [AUTHORISE_ORDER]: (job) => authoriseScheduled(Number(job.payload.order_id)) };
    },
  };
}
export type ScheduledAuthorisationService = ReturnType<typeof createScheduledAuthorisationService>;

/** The service from the app's dependencies (the job runner, the worker, the lifecycle's capture). */
export function scheduledAuthorisationFrom(
  deps: Pick<AppDeps, 'db' | 'payments' | 'mailer' | 'clock' | 'config'>,
  log: ScheduledAuthorisationDeps['log'],
) {
  return createScheduledAuthorisationService({
    db: deps.db,
    orders: orderRecordsFrom(deps.db),
    payments: deps.payments,
    paymentMethods: paymentMethodsServiceFrom(deps),
    mailer: deps.mailer,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    log,
  });
}
