import crypto from 'node:crypto';
import type { z } from 'zod';
import type { updateOrderPaymentMethodBodySchema } from '@caterway/contracts';
import { heldCentsOf, paymentStatusOfIntent } from '@caterway/domain';
import { withTransaction } from '../../db/pool.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import { PaymentDeclinedError, PaymentRequestError, type PaymentIntent } from '../../ports/payments.js';
import {
  answer,
  assertPaymentChangeable,
  editMessages,
  ownOrder,
  type CheckoutOrderResponse,
  type OrderEditContext,
} from './order-edit-context.js';
import {
  finishClaim,
  followCoverage,
  reauthorise,
  retrieveIntent,
  type Reauthorised,
} from './order-payment-changes.js';
import { STALE_PAYMENT_CLAIM_SECONDS, type OrderRow } from './orders.repository.js';

type PaymentMethodBody = z.output<typeof updateOrderPaymentMethodBodySchema>;
type Claimed = { before: OrderRow; row: OrderRow };

const eftRefused = () => validationFailed(['Bank debit (EFT) is not offered by this restaurant.']);

/**
 * PUT api/v2/catering_orders/{id}/payment_method (Update Payment Method): authorises the order's
 * total on the chosen card or bank account and releases the previous hold. From CardSetup or
 * SetupIntentCreated that is payment_authorised (-> ReadyToCapture). Any refusal puts the
 * payment back as it stood (restorePayment) before answering.
 */
export async function changeOrderPaymentMethod(
  ctx: OrderEditContext,
  userId: number,
  id: number,
  body: PaymentMethodBody,
): Promise<CheckoutOrderResponse> {
  const existing = await ownOrder(ctx, id, userId);
  const now = ctx.clock.now();
  assertPaymentChangeable(existing, now);
  if (body.is_eft) {
    const [lead] = await ctx.catalogue.findChefsOfPreset(existing.preset_id ?? 0);
    if (!lead?.eft_enabled) throw eftRefused();
  }
  const claimed = await claimPayment(ctx, userId, id, body, now);
  const order = claimed.row;
  const current = await retrieveIntent(ctx, order.payment_intent_id);
  const restore = (error: string | null) => restorePayment(ctx, claimed, current, error);
  if (current?.status === 'succeeded') {
    await restore(order.payment_error);
    throw conflict(editMessages.alreadyCollected);
  }
  let result: Reauthorised;
  try {
    result = await authoriseNewMethod(ctx, userId, order, current, body);
  } catch (err) {
    await restore(order.payment_error);
    if (err instanceof PaymentDeclinedError) throw new AppError('payment_required', err.message);
    if (err instanceof PaymentRequestError) throw validationFailed([err.message]);
    throw err;
  }
  if (!result.ok && result.action) {
    // the card's bank asks for 3-D Secure: the old hold stays; the browser completes it with the
    // client secret and sends the same method again, which then finds the intent authorised
    await restore(order.payment_error);
    const asked = await answer(ctx, (await ctx.orders.findById(order.id))!, userId);
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
  return answer(ctx, await holdWithNewMethod(ctx, userId, order, result.intent, body), userId);
}

/** Claims the order's payment under its row lock; an EFT method from CardSetup is setup_intent_created. */
async function claimPayment(
  ctx: OrderEditContext,
  userId: number,
  id: number,
  body: PaymentMethodBody,
  now: Date,
): Promise<Claimed> {
  return withTransaction(ctx.db, async (tx) => {
    const locked = await ctx.orders.lockForUpdate(id, tx);
    if (!locked || locked.user_id !== userId) throw notFound('Order not found');
    assertPaymentChangeable(locked, now);
    if (!(await ctx.orders.claimPlacedPayment(id, now, STALE_PAYMENT_CLAIM_SECONDS, tx)))
      throw conflict(editMessages.paymentInProgress);
    if (body.is_eft && locked.status === 'CardSetup') {
      await ctx.orderEvents.applyEvent(tx, {
        orderId: id,
        event: 'setup_intent_created',
        actor: 'customer',
        actorUserId: userId,
        now,
      });
    }
    return { before: locked, row: (await ctx.orders.findById(id, tx))! };
  });
}

/** The payment back as it stood before the claim (an intent being authorised: as the provider has it). */
async function restorePayment(
  ctx: OrderEditContext,
  claimed: Claimed,
  current: PaymentIntent | null,
  error: string | null,
): Promise<void> {
  const order = claimed.row;
  const before = claimed.before.payment_status;
  const paymentStatus = before !== 'authorizing' ? before : current ? paymentStatusOfIntent(current) : 'failed';
  await finishClaim(ctx, order.id, null, (tx) =>
    ctx.orders.setPlacedPayment(
      order.id,
      {
        paymentStatus,
        paymentIntentId: order.payment_intent_id,
        paymentMethodId: order.payment_method_id,
        isEft: order.is_eft,
        authorizedCents: order.authorized_cents,
        refundedCents: order.refunded_cents,
        error,
        now: ctx.clock.now(),
      },
      tx,
    ),
  );
}

/** Saves the method when asked, then authorises the order's total on it (the old hold released). */
async function authoriseNewMethod(
  ctx: OrderEditContext,
  userId: number,
  order: OrderRow,
  current: PaymentIntent | null,
  body: PaymentMethodBody,
): Promise<Reauthorised> {
  if (body.save_card && (!body.is_eft || body.stripe_setup_intent_id)) {
    await ctx.paymentMethods.add(userId, {
      payment_method_id: body.payment_method_id,
      stripe_setup_intent_id: body.is_eft ? body.stripe_setup_intent_id : undefined,
      name: `${order.first_name} ${order.last_name}`,
      email: order.email,
    });
  }
  const method = crypto.createHash('sha256').update(body.payment_method_id).digest('hex').slice(0, 16);
  return reauthorise(ctx, order, current, {
    amountCents: order.total_cents,
    paymentMethodId: body.payment_method_id,
    isEft: body.is_eft,
    key: `catering-order-${order.id}-edit-${order.edit_version}-method-${method}`,
  });
}

/** The new authorisation holds the order: saved, the status follows, a payment flag is resolved. */
async function holdWithNewMethod(
  ctx: OrderEditContext,
  userId: number,
  order: OrderRow,
  intent: PaymentIntent,
  body: PaymentMethodBody,
): Promise<OrderRow> {
  return finishClaim(ctx, order.id, intent, async (tx) => {
    const row = await ctx.orders.setPlacedPayment(
      order.id,
      {
        paymentStatus: paymentStatusOfIntent(intent),
        paymentIntentId: intent.id,
        paymentMethodId: body.payment_method_id,
        isEft: body.is_eft,
        authorizedCents: heldCentsOf(intent),
        refundedCents: order.refunded_cents,
        error: null,
        now: ctx.clock.now(),
      },
      tx,
    );
    await followCoverage(ctx, tx, row, true, 'customer', userId, ctx.clock.now());
    // the new method holds the order: a failed or expired authorisation is no longer the console's concern
    await ctx.paymentFlags.clearPaymentFlag(tx, order.id, ctx.clock.now());
    return (await ctx.orders.findById(order.id, tx))!;
  });
}
