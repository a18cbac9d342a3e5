import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  CateringOrderDetail,
  checkoutOrderResponseSchema,
  deliveryFeeBodySchema,
  deliveryFeeResponseSchema,
  finalizedOrderResponseSchema,
  finalizeOrderBodySchema,
} from '@caterway/contracts';
import { messages, wireStatus } from '@caterway/domain';
import { outboxEmailPart } from '../../db/outbox-emails.js';
import { isDatabaseUnavailable } from '../../db/pool.js';
import type { SqlPart } from '../../db/sql-parts.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import { enqueuePart, type EnqueueInput } from '../../lib/jobs.js';
import { retryUntilDatabase } from '../../lib/retry-until-database.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { Mailer, OutgoingEmail } from '../../ports/email.js';
import type { Geocoder } from '../../ports/geocoder.js';
import {
  PaymentDeclinedError,
  PaymentRequestError,
  type PaymentIntent,
  type PaymentProvider,
} from '../../ports/payments.js';
import { authoriseLater, scheduledAuthorisationJob } from '../payment-lifecycle/scheduled-authorisation.js';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service.js';
import { placeAddress, quoteDelivery, roundKm } from './delivery-fee.js';
import { withIdempotency, requestHash } from './idempotency.js';
import type { IdempotencyRepository, StoredResponse } from './idempotency.repository.js';
import type { OrderCatalogueRepository, OrderChefRow } from './order-catalogue.repository.js';
import { prepareOrder, type OrderPayload, type PreparedLine, type PreparedOrder } from './order-checks.js';
import {
  deliveryInPast,
  displayDeliveryAddress,
  parentTokanizeLink,
  orderRuleView,
  purchaseItemsOf,
  taxLinesView,
  type OrderDisplayContext,
} from './order-view.js';
import { displayDateTime, localDateTime, orderConfirmationEmail } from './orders.email.js';
import {
  paymentClaimHeld,
  STALE_PAYMENT_CLAIM_SECONDS,
  type OrderItemRow,
  type OrderRow,
  type OrdersRepository,
  type PaymentStatus,
} from './orders.repository.js';

type CheckoutOrderResponse = z.infer<typeof checkoutOrderResponseSchema>;
type FinalizedOrderResponse = z.infer<typeof finalizedOrderResponseSchema>;
type FinalizeBody = z.output<typeof finalizeOrderBodySchema>;
type DayHours = { enabled: boolean; open: string; close: string };

const PAID: PaymentStatus[] = ['authorized', 'processing', 'captured', 'scheduled'];
/** Stripe's message when the customer fails or abandons 3-D Secure (payment_intent_authentication_failure). */
export const authenticationFailedMessage =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export interface OrdersServiceDeps {
  orders: OrdersRepository;
  catalogue: OrderCatalogueRepository;
  idempotency: IdempotencyRepository;
  payments: PaymentProvider;
  /** the payments module: provider customers and saved methods (user_payment_methods) */
  paymentMethods: Pick<PaymentMethodsService, 'ensureCustomer' | 'add' | 'list'>;
  mailer: Mailer;
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>;
  clock: Clock;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** the order's processing job at its processing time (order-lifecycle processingJob), enqueued with the payment */
  processingJob: (order: OrderRow) => EnqueueInput;
  /** the paid order's requests to its restaurants and their email job (order-lifecycle), written with the payment */
  reachRestaurants: (orderId: number, now: Date) => SqlPart[];
  /**
   * Claims the draft's payment ('authorizing') if the order fits its restaurants' capacity
   * (capacity reserve, in one transaction); 409 with the checkout's message when it does not.
   */
  claimPayment: (id: number, now: Date, staleSeconds: number) => Promise<OrderRow | undefined>;
  /** the rules of a stored order: an add-on order's differ (order-edits.service prepareFor) */
  prepareFor: (order: OrderRow, payload: OrderPayload, userId: number, now: Date) => Promise<PreparedOrder>;
  /** the upcoming-order rule at an instant (order-edits.service editRuleOf) */
  editRuleOf: (order: OrderRow, now: Date) => { allowed: true } | { allowed: false; message: string };
  /** what the order's restaurants told the customer, oldest first (modules/sold-out, decision 053) */
  restaurantMessages: (orderId: number) => Promise<CateringOrderDetail['restaurant_messages']>;
}

export const orderMessages = {
  cancelledWhilePaying: 'This order was cancelled while it was being paid. Nothing has been charged.',
} as const;

const intentStatus = (pi: PaymentIntent): PaymentStatus =>
  pi.status === 'requires_capture'
    ? 'authorized'
    : pi.status === 'processing'
      ? 'processing'
      : pi.status === 'succeeded'
        ? 'captured'
        : 'failed';

export function createOrdersService(deps: OrdersServiceDeps) {
  const { orders, catalogue, payments, clock } = deps;
  // the delivery fee's chefs (docs/decisions/018): dropped when the restaurant's catalogue
  // changes (forgetChefs, called by the catalogue sync: decision 056), else at most 60 s old
  const feeChefs = createTtlCache<number, OrderChefRow | undefined>({
    ttlMs: 60_000,
    maxEntries: 5_000,
    keep: (chef) => !!chef,
  });

  /**
   * Orders are their owner's only: another user's order answers 404 exactly like an unknown id,
   * with no hint that it exists (issue 5, item 10).
   */
  async function ownOrder(id: number, userId: number, read?: { row?: Record<string, unknown> }): Promise<OrderRow> {
    // read: the row when it came with another statement (the finalize's idempotency claim)
    const order = read?.row ? (read.row as unknown as OrderRow) : await orders.findById(id);
    if (!order || order.user_id !== userId) throw notFound('Order not found');
    return order;
  }

  async function checkoutAnswer(order: OrderRow, userId: number): Promise<CheckoutOrderResponse> {
    return toCheckoutOrder(order, await savedCards(userId));
  }

  /** 3-D Secure asked: the client secret for the browser (Stripe's handleNextAction, or the sandbox's step). */
  function authenticationAnswer(order: OrderRow, intent: PaymentIntent): FinalizedOrderResponse {
    const { catering_order } = finalizedAnswer({ ...order, payment_status: 'requires_action' });
    return { catering_order: { ...catering_order, client_secret: intent.clientSecret, payment_intent_id: intent.id } };
  }

  function finalizedAnswer(order: OrderRow): FinalizedOrderResponse {
    return {
      catering_order: {
        id: order.id,
        order_number: order.order_number,
        status: wireStatus(order.status),
        total_cents: order.total_cents,
        payment_status: order.payment_status as FinalizedOrderResponse['catering_order']['payment_status'],
      },
    };
  }

  /** EFT is offered only when the restaurant's first chef has it enabled (ordering-payments §6). */
  async function assertEftAllowed(isEft: boolean, presetId: number): Promise<void> {
    if (!isEft) return;
    const [lead] = await catalogue.findChefsOfPreset(presetId);
    if (!lead?.eft_enabled) throw validationFailed(['Bank debit (EFT) is not offered by this restaurant.']);
  }

  /** The spec's savedCards (name, paymentMethodId): the user's saved methods, default first. */
  const savedCards = (userId: number) => savedCardsOf(deps.paymentMethods, userId);

  const confirmationFailed = (err: unknown, orderId: number) =>
    // the order is paid: a mail outage must not turn that into an error the client retries
    deps.log.error({ err: { message: (err as Error).message }, orderId }, 'could not send the order confirmation');

  /** The confirmation of an order about to be paid; undefined (logged) if it cannot be written. */
  function confirmationOf(order: OrderRow, lines: PreparedLine[]): OutgoingEmail | undefined {
    try {
      const items = lines.map((l) => ({
        quantity: l.quantity,
        menu_name: l.menuName,
        menu_items: l.menuItems,
        line_subtotal_cents: l.lineSubtotalCents,
      }));
      return orderConfirmationEmail(order, items, `${deps.publicUrl}/my-orders`, clock.now());
    } catch (err) {
      confirmationFailed(err, order.id);
      return undefined;
    }
  }

  /**
   * Resuming after 3-D Secure: the intent the browser completed, or undefined when the customer
   * now pays with another method or the total changed meanwhile (the abandoned intent is
   * canceled, a new one is made).
   */
  async function resumeAuthentication(
    order: OrderRow,
    intentId: string,
    paymentMethodId: string,
  ): Promise<PaymentIntent | undefined> {
    const intent = await payments.retrievePaymentIntent(intentId);
    // the same method for the same total: the intent the customer authenticated
    if (paymentMethodId === order.payment_method_id && intent.amountCents === order.total_cents) return intent;
    // never two holds: an abandoned one (authenticated or not) is released
    if (intent.status === 'requires_action' || intent.status === 'requires_capture') {
      await payments
        .cancelPaymentIntent(intent.id, { idempotencyKey: `catering-order-${order.id}-abandon-${intent.id}` })
        .catch(() => undefined);
    }
    return undefined;
  }

  /**
   * A far-future card order (decision 027) keeps the card with an off-session SetupIntent instead
   * of an authorisation that would expire before delivery. false: the card asks for 3-D Secure,
   * which needs the customer, so it is authorised now while they are here.
   */
  async function keepForLater(order: OrderRow, customerId: string, paymentMethodId: string): Promise<boolean> {
    const setup = await payments.setupOffSession({
      customerId,
      paymentMethodId,
      idempotencyKey: `catering-order-${order.id}-keep-${order.payment_attempts}`,
    });
    return setup.status === 'succeeded';
  }

  /**
   * The order placed: one statement marks it paid (or scheduled), queues its processing (and its
   * authorisation 5 days before delivery), writes the confirmation's outbox row and the idempotent
   * answer, all committed together (decision 017); the email is written from the lines just priced.
   */
  async function place(
    order: OrderRow,
    input: {
      status: PaymentStatus;
      intentId: string | null;
      paymentMethodId: string;
      lines: PreparedLine[];
      answerPart: (response: StoredResponse) => SqlPart;
      now: Date;
    },
  ): Promise<StoredResponse & { stored: boolean }> {
    const answer = { status: 200, body: finalizedAnswer({ ...order, status: 'New', payment_status: input.status }) };
    const email = confirmationOf(order, input.lines);
    const outbox = email && deps.mailer.deliveredByOutboxRow ? outboxEmailPart(email) : undefined;
    const jobs = [
      deps.processingJob(order),
      ...(input.status === 'scheduled' ? [scheduledAuthorisationJob(order)] : []),
    ];
    const paid = await orders.markPaid(order.id, {
      paymentStatus: input.status,
      paymentIntentId: input.intentId,
      paymentMethodId: input.paymentMethodId,
      now: input.now,
      with: [
        ...jobs.map(enqueuePart),
        ...(outbox ? [outbox] : []),
        input.answerPart(answer),
        ...deps.reachRestaurants(order.id, input.now),
      ],
    });
    if (!paid) {
      // an add-on cancelled with its parent while this request authorised it (decision 026): the
      // authorisation is released here (or, if the provider is down, by the reconciliation job)
      const intentId = input.intentId;
      if (intentId) {
        await payments
          .cancelPaymentIntent(intentId, { idempotencyKey: `catering-order-${order.id}-closed-${intentId}` })
          .catch((err: unknown) =>
            deps.log.error(
              { err: { message: (err as Error).message }, orderId: order.id, paymentIntentId: intentId },
              'could not release the authorisation of a cancelled order',
            ),
          );
      }
      throw conflict(orderMessages.cancelledWhilePaying);
    }
    if (email && !outbox) {
      // SMTP: the message goes out after the commit; a failure is queued for retry by the mailer
      await deps.mailer.send(email).catch((err: unknown) => confirmationFailed(err, order.id));
    }
    return { ...answer, stored: true };
  }

  /**
   * The authorisation itself, run by the one request holding the payment claim. save_card keeps
   * the method first (attaching it to the user's provider customer, as Stripe needs before use);
   * a bank account is kept through its confirmed setup intent. resumeIntentId: the intent waiting
   * for 3-D Secure, which the browser has completed since.
   */
  async function authorise(
    order: OrderRow,
    body: FinalizeBody,
    userId: number,
    lines: PreparedLine[],
    answerPart: (response: StoredResponse) => SqlPart,
    resumeIntentId: string | null,
  ): Promise<StoredResponse & { stored: boolean }> {
    const now = clock.now();
    const type = order.is_eft ? 'acss_debit' : 'card';
    let intent: PaymentIntent | undefined;
    let kept = false;
    try {
      if (body.save_card && (type === 'card' || body.stripe_setup_intent_id)) {
        await deps.paymentMethods.add(userId, {
          payment_method_id: body.payment_method_id,
          stripe_setup_intent_id: type === 'acss_debit' ? body.stripe_setup_intent_id : undefined,
          name: `${order.first_name} ${order.last_name}`,
          email: order.email,
        });
      }
      const customerId = await deps.paymentMethods.ensureCustomer(userId);
      if (resumeIntentId) intent = await resumeAuthentication(order, resumeIntentId, body.payment_method_id);
      if (!intent && authoriseLater(order, now)) kept = await keepForLater(order, customerId, body.payment_method_id);
      if (!intent && !kept) {
        intent = await payments.createPaymentIntent({
          amountCents: order.total_cents,
          currency: order.currency,
          customerId,
          paymentMethodId: body.payment_method_id,
          type,
          description: `Caterway order ${order.order_number}`,
          metadata: { order_id: String(order.id), order_number: order.order_number, purchase_id: order.purchase_id },
          // derived from the order and its attempt: two racing requests can never authorise twice
          idempotencyKey: `catering-order-${order.id}-authorise-${order.payment_attempts}`,
        });
      }
    } catch (err) {
      const declined =
        err instanceof PaymentDeclinedError || (err instanceof AppError && err.code === 'payment_required');
      if (declined) {
        // the provider's message is kept for the order details (ordering-payments §8 'Card error')
        await orders.releasePayment(order.id, {
          status: 'failed',
          error: (err as Error).message,
          paymentMethodId: body.payment_method_id,
          now,
        });
        throw new AppError('payment_required', (err as Error).message);
      }
      if (err instanceof PaymentRequestError) {
        await orders.releasePayment(order.id, {
          status: 'unpaid',
          error: null,
          paymentMethodId: body.payment_method_id,
          now,
        });
        throw validationFailed([err.message]);
      }
      if (err instanceof AppError && err.status < 500) {
        // a refusal before any charge (saving the card failed: attached elsewhere, not a card,
        // setup incomplete): nothing was authorised, so the claim is released at once and an
        // immediate retry with another card goes through (issue 15; not after 120 s)
        await orders.releasePayment(order.id, {
          status: 'failed',
          error: err.message,
          paymentMethodId: body.payment_method_id,
          now,
        });
        throw err;
      }
      // Unknown outcome (the provider timed out, reset the connection or answered 5xx; or the
      // database went away): the provider may have charged. finalize reopens the claim with the
      // same attempt, so the client's retry reuses the provider idempotency key (decision 013).
      if (err instanceof AppError || isDatabaseUnavailable(err)) throw err;
      deps.log.warn({ err: { message: (err as Error).message }, orderId: order.id }, 'payment provider unavailable');
      throw new AppError('unavailable', messages.paymentProviderUnavailable, { headers: { 'retry-after': '5' } });
    }
    if (kept)
      return place(order, {
        status: 'scheduled',
        intentId: null,
        paymentMethodId: body.payment_method_id,
        lines,
        answerPart,
        now,
      });
    if (intent!.status === 'requires_action') {
      // 3-D Secure: the browser completes it with the client secret, then finalizes again
      await orders.awaitAuthentication(order.id, {
        paymentIntentId: intent!.id,
        paymentMethodId: body.payment_method_id,
        now,
      });
      return { status: 200, body: authenticationAnswer(order, intent!), stored: false };
    }
    const status = intentStatus(intent!);
    if (status === 'failed') {
      const message =
        resumeIntentId && intent!.status === 'requires_payment_method'
          ? authenticationFailedMessage
          : messages.orderRequestFailed;
      await orders.releasePayment(order.id, {
        status: 'failed',
        error: message,
        paymentMethodId: body.payment_method_id,
        now,
      });
      throw new AppError('payment_required', message);
    }
    return place(order, {
      status,
      intentId: intent!.id,
      paymentMethodId: body.payment_method_id,
      lines,
      answerPart,
      now,
    });
  }

  return {
    /** A catalogue change of these restaurants (decision 056): the next quote reads them again. */
    forgetChefs(chefIds: readonly number[]): void {
      for (const id of chefIds) feeChefs.forget(id);
    },
    forgetAllChefs(): void {
      feeChefs.clear();
    },

    /** POST api/v2/delivery_fee_by_distance (ordering-payments §7): public. */
    async deliveryFee(
      body: z.output<typeof deliveryFeeBodySchema>,
    ): Promise<z.infer<typeof deliveryFeeResponseSchema>> {
      // a quote from catalogue data up to 60 s old; the checkout re-prices from the database
      const chef = await feeChefs.get(body.chef_id, () => catalogue.findChef(body.chef_id));
      if (!chef) throw notFound('Chef not found');
      const placed = await placeAddress(deps.geocoder, {
        latitude: body.user_lat,
        longitude: body.user_lng,
        address: body.address,
      });
      if (!placed.ok) throw validationFailed([placed.message]);
      const quote = quoteDelivery(chef, placed.point);
      return {
        delivery_fee: quote.deliverable ? quote.feeCents : 0,
        distance_km: roundKm(quote.distanceKm),
        deliverable: quote.deliverable,
        ...(quote.deliverable ? {} : { message: messages.notDeliverable }),
        ranges: chef.delivery_fee_ranges.map((r) => ({
          min_km: Number(r.min_km),
          max_km: Number(r.max_km),
          fee_cents: Number(r.fee_cents),
        })),
        // field by field in the contract's order (the route JSON.stringifies it as is in production)
        store_hours: Object.fromEntries(
          Object.entries(chef.store_hours as Record<string, DayHours>).map(([day, h]) => [
            day,
            { enabled: h.enabled, open: h.open, close: h.close },
          ]),
        ),
      };
    },

    /** POST api/v2/catering_orders: the draft made when the checkout opens (ordering-payments §4). */
    async create(userId: number, payload: OrderPayload, isEft: boolean): Promise<CheckoutOrderResponse> {
      const now = clock.now();
      const prepared = await prepareOrder({ catalogue, geocoder: deps.geocoder }, payload, userId, now);
      await assertEftAllowed(isEft, prepared.preset.id);
      const order = await orders.insert({ userId, purchaseId: crypto.randomUUID(), order: prepared, isEft, now });
      return checkoutAnswer(order, userId);
    },

    /** PUT api/v2/catering_orders/{id}: each submit of the checkout form rewrites the unpaid order. */
    async update(userId: number, id: number, payload: OrderPayload, isEft: boolean): Promise<CheckoutOrderResponse> {
      const existing = await ownOrder(id, userId);
      // an order waiting for 3-D Secure is not paid yet: the customer may still change it
      if (!['unpaid', 'failed', 'requires_action'].includes(existing.payment_status))
        throw conflict('This order is already paid and can no longer be changed here.');
      const now = clock.now();
      const prepared = await deps.prepareFor(existing, payload, userId, now);
      await assertEftAllowed(isEft, prepared.preset.id);
      const order = await orders.update(id, { order: prepared, isEft, now });
      if (!order) throw conflict('This order is already paid and can no longer be changed here.');
      return checkoutAnswer(order, userId);
    },

    /** GET api/v2/catering_orders/{id} */
    async get(userId: number, id: number): Promise<{ catering_order: CateringOrderDetail }> {
      const order = await ownOrder(id, userId);
      const [items, cards, context, chefs, parent, restaurantMessages] = await Promise.all([
        orders.findItems(order.id),
        savedCards(userId),
        orders.findDisplayContext(order.id),
        order.preset_id === null ? Promise.resolve([]) : catalogue.findChefsOfPreset(order.preset_id),
        order.parent_order_id === null ? Promise.resolve(undefined) : orders.findById(order.parent_order_id),
        deps.restaurantMessages(order.id),
      ]);
      const now = clock.now();
      const rule = deps.editRuleOf(order, now);
      return {
        catering_order: {
          ...toDetail(order, items, cards, context, now),
          edit_rule: { allowed: rule.allowed, message: rule.allowed ? null : rule.message },
          restaurant_messages: restaurantMessages,
          addon_maximum_items_qty: chefs[0]?.addon_maximum_items_qty ?? 0,
          add_on: parent
            ? {
                parent_order_id: parent.id,
                parent_order_number: parent.order_number,
                parent_tokanize_link: parentTokanizeLink(context.preset_slug, parent),
                order_date_time: parent.delivery_at.toISOString(),
                display_delivery_date_time: displayDateTime(parent.delivery_at, parent.time_zone),
                order_delivery_in_past: deliveryInPast(parent, now),
              }
            : null,
        },
      };
    },

    /**
     * POST api/v2/catering_orders/{id}/finalize with an Idempotency-Key (issue 4 item 7): re-checks
     * the order against the catalogue, then authorises it once. See idempotency.ts for the key's
     * rules; a paid order answers its result again whatever the key, without a new authorisation.
     */
    async finalize(
      userId: number,
      id: number,
      body: FinalizeBody,
      key: string,
    ): Promise<{ status: number; body: unknown }> {
      return withIdempotency(
        deps.idempotency,
        {
          userId,
          key,
          endpoint: `POST /api/v2/catering_orders/${id}/finalize`,
          hash: requestHash(body),
          now: clock.now(),
        },
        async (answerPart, read) => {
          const order = await ownOrder(id, userId, read);
          if (body.purchase_id !== order.purchase_id)
            throw validationFailed(['The purchase id does not match this order.']);
          if (PAID.includes(order.payment_status)) return { status: 200, body: finalizedAnswer(order) };
          // a claim held by a live request refuses; a reopened or stale one is taken over below
          if (paymentClaimHeld(order, clock.now())) throw conflict('The payment of this order is already in progress.');
          // the catalogue, the clock and the prices may have moved since the checkout opened
          const prepared = await deps.prepareFor(order, order.request_payload, userId, clock.now());
          await assertEftAllowed(order.is_eft, prepared.preset.id);
          if (prepared.totals.totalCents !== order.total_cents) {
            await orders.update(order.id, { order: prepared, isEft: order.is_eft, now: clock.now() });
          }
          const claimed = await deps
            .claimPayment(order.id, clock.now(), STALE_PAYMENT_CLAIM_SECONDS)
            .catch(async (err: unknown) => {
              // the claim may have committed with its answer lost: keep it open to the retry
              if (isDatabaseUnavailable(err))
                await retryUntilDatabase(
                  () => orders.reopenPaymentClaim(order.id),
                  deps.log,
                  'reopening a payment claim',
                );
              throw err;
            });
          if (!claimed) {
            const current = (await orders.findById(order.id))!;
            if (PAID.includes(current.payment_status)) return { status: 200, body: finalizedAnswer(current) };
            throw conflict('The payment of this order is already in progress.');
          }
          try {
            // an order waiting for 3-D Secure resumes with its intent (the browser completed it)
            const resumeIntentId = order.payment_status === 'requires_action' ? order.payment_intent_id : null;
            return await authorise(claimed, body, userId, prepared.lines, answerPart, resumeIntentId);
          } catch (err) {
            // a refusal released the claim already; any other failure leaves the outcome unknown
            if (!(err instanceof AppError && err.status < 500)) {
              await retryUntilDatabase(
                () => orders.reopenPaymentClaim(claimed.id),
                deps.log,
                'reopening a payment claim',
              );
            }
            throw err;
          }
        },
        // the order is read with the key's claim: one round trip (decision 021)
        orders.byIdPart(id),
      );
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;

/** The spec's savedCards (name, paymentMethodId): the user's saved methods, default first. */
export async function savedCardsOf(
  paymentMethods: Pick<PaymentMethodsService, 'list'>,
  userId: number,
): Promise<{ name: string; payment_method_id: string }[]> {
  return (await paymentMethods.list(userId)).map((m) => ({
    name: m.name || m.description,
    payment_method_id: m.payment_method_id,
  }));
}

/** The checkout's answer for an order (create, update, edit, Update Payment Method). */
export function toCheckoutOrder(
  order: OrderRow,
  savedCards: { name: string; payment_method_id: string }[],
): CheckoutOrderResponse {
  return {
    catering_order: {
      id: order.id,
      purchase_id: order.purchase_id,
      // bank debit is set up by the browser through POST api/v2/payment_methods/create_setup_intent
      client_secret: null,
      saved_cards: savedCards,
      is_eft: order.is_eft,
      full_name: `${order.first_name} ${order.last_name}`,
      email: order.email,
      status: wireStatus(order.status),
      totals: totalsOf(order),
      payment_status: order.payment_status,
      payment_error: order.payment_error,
    },
  };
}

function totalsOf(order: OrderRow) {
  return {
    subtotal_cents: order.subtotal_cents,
    delivery_fee_cents: order.delivery_fee_cents,
    cutlery_cents: order.cutlery_cents,
    tax_cents: order.tax_cents,
    total_cents: order.total_cents,
    tax_name: order.tax_name,
    tax_rate: Number(order.tax_rate),
    tax_lines: taxLinesView(order),
    tip_cents: order.tip_cents,
  };
}

type BaseDetail = Omit<CateringOrderDetail, 'edit_rule' | 'addon_maximum_items_qty' | 'add_on' | 'restaurant_messages'>;

function toDetail(
  order: OrderRow,
  items: OrderItemRow[],
  savedCards: { name: string; payment_method_id: string }[],
  context: OrderDisplayContext,
  now: Date,
): BaseDetail {
  const local = localDateTime(order.delivery_at, order.time_zone);
  const delivery = order.receiving_method === 'delivery';
  return {
    id: order.id,
    order_number: order.order_number,
    purchase_id: order.purchase_id,
    status: wireStatus(order.status),
    preset_id: order.preset_id,
    preset_name: order.preset_name,
    chef_id: order.chef_id,
    order_type: order.receiving_method,
    order_date_time: order.delivery_at.toISOString(),
    delivery_date: local.date,
    delivery_time: local.time,
    time_zone: order.time_zone,
    display_delivery_date_time: displayDateTime(order.delivery_at, order.time_zone),
    order_processing_at: order.order_processing_at.toISOString(),
    delivery_address: order.delivery_address,
    delivery_suite_address: order.delivery_suite_address,
    more_detail: delivery ? order.delivery_instruction : order.pickup_instruction,
    extra_info: { serving_style: order.serving_style, num_cutlery: order.num_cutlery },
    first_name: order.first_name,
    last_name: order.last_name,
    company_name: order.company_name,
    phone_number: order.phone_number,
    email: order.email,
    preset_items: items.map((i) => ({
      id: /^\d+$/.test(i.line_key) ? Number(i.line_key) : i.line_key,
      menu_id: i.menu_id,
      chef_id: i.chef_id,
      name: i.menu_name,
      quantity: i.quantity,
      price_cents: i.unit_price_cents,
      menu_items_mapping: i.menu_items_mapping,
      special_instruction: i.special_instruction,
      serving_details: i.serving_details,
      line_subtotal_cents: i.line_subtotal_cents,
    })),
    purchase_items: purchaseItemsOf(items),
    totals: totalsOf(order),
    tip_percent: order.tip_percent,
    po_number: order.po_number,
    cost_centre: order.cost_centre,
    onsite_contact_name: order.onsite_contact_name,
    onsite_contact_phone: order.onsite_contact_phone,
    total_price: order.total_cents,
    is_eft: order.is_eft,
    purchased_with: order.is_eft ? 'acss_debit' : 'card',
    selected_stripe_payment_method: order.payment_method_id,
    payment_status: order.payment_status,
    payment_error: order.payment_error,
    saved_cards: savedCards,
    ...orderRuleView(order, context, now),
    items_total: order.subtotal_cents,
    delivery_fee: order.delivery_fee_cents,
    sales_tax: order.tax_cents,
    display_delivery_address: displayDeliveryAddress(order),
    delivery_in_past: deliveryInPast(order, now),
    parent_order_id: order.parent_order_id,
    preset_slug: context.preset_slug,
    restaurant_name: context.restaurant_name,
  };
}
