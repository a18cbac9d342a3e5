import Stripe from 'stripe';
import {
  PaymentDeclinedError,
  PaymentProviderUnavailableError,
  PaymentRequestError,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentMethodType,
  type PaymentProvider,
  type ProviderPaymentMethod,
  type SetupIntent,
} from '../../ports/payments.js';

// Stripe adapter of the payment port (card + Canadian pre-authorised debit, acss_debit) through
// the official SDK. Tested against test/fakes/stripe-fake.ts, a local server speaking Stripe's
// HTTP API (ARCHITECTURE.md "payments"). Cards are created in the browser by Stripe Elements;
// the server only sees pm_ ids.

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** https://api.stripe.com, or a local fake such as http://127.0.0.1:4010 */
  apiUrl?: string;
  /** automatic network retries of the SDK (it adds idempotency keys to its retries) */
  maxNetworkRetries?: number;
  /**
   * Every call answers within this, the SDK's retries included: a checkout fails fast with a
   * retryable error rather than waiting for a slow provider (decision 013). Default 3.5 s.
   */
  deadlineMs?: number;
}

/** Canadian PAD needs a mandate: sporadic debits for a business (ordering-payments §7 EFT). */
export const acssMandateOptions = {
  currency: 'cad',
  mandate_options: { payment_schedule: 'sporadic', transaction_type: 'business' },
  verification_method: 'automatic',
} as const;

const DEFAULT_DEADLINE_MS = 3_500;

export function stripeClient(options: StripeProviderOptions): Stripe {
  const url = new URL(options.apiUrl ?? 'https://api.stripe.com');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    telemetry: false,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    appInfo: { name: 'Caterway' },
  });
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

export function mapPaymentMethod(pm: Stripe.PaymentMethod): ProviderPaymentMethod {
  if (pm.type === 'acss_debit') {
    return {
      id: pm.id,
      type: 'acss_debit',
      brand: pm.acss_debit?.bank_name || 'Bank',
      last4: pm.acss_debit?.last4 ?? '',
      expMonth: null,
      expYear: null,
      customerId: idOf(pm.customer),
    };
  }
  if (pm.type !== 'card' || !pm.card) {
    throw new PaymentRequestError('invalid_request', `Payment methods of type ${pm.type} are not accepted.`);
  }
  return {
    id: pm.id,
    type: 'card',
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
    customerId: idOf(pm.customer),
  };
}

const setupStatuses = new Set<string>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

function mapSetupIntent(si: Stripe.SetupIntent): SetupIntent {
  const status = setupStatuses.has(si.status) ? (si.status as SetupIntent['status']) : 'requires_action';
  return { id: si.id, clientSecret: si.client_secret ?? '', status, paymentMethodId: idOf(si.payment_method) };
}

const intentStatuses = new Set<string>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
  'succeeded',
  'canceled',
]);
const statusOf = (s: string): PaymentIntentStatus =>
  intentStatuses.has(s) ? (s as PaymentIntentStatus) : 'requires_confirmation';

function mapPaymentIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: pi.id,
    amountCents: pi.amount,
    amountCapturableCents: pi.amount_capturable,
    amountReceivedCents: pi.amount_received,
    currency: pi.currency === 'usd' ? 'usd' : 'cad',
    status: statusOf(pi.status),
    paymentMethodId: idOf(pi.payment_method),
    clientSecret: pi.client_secret ?? '',
    customerId: idOf(pi.customer),
    cancellationReason: pi.cancellation_reason ?? null,
  };
}

/** Card errors become PaymentDeclinedError with Stripe's message; other refusals PaymentRequestError. */
function translate(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw new PaymentDeclinedError(err.message, err.decline_code ?? err.code ?? 'card_declined');
  }
  if (err instanceof Stripe.errors.StripeIdempotencyError)
    throw new PaymentRequestError('idempotency_error', err.message);
  // no answer, or Stripe's own failure: the request may or may not have been applied
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError
  ) {
    throw new PaymentProviderUnavailableError(`Stripe did not answer: ${err.message}`);
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    throw new PaymentRequestError(
      err.code === 'resource_missing'
        ? 'resource_missing'
        : err.code === 'payment_intent_unexpected_state'
          ? 'invalid_state'
          : 'invalid_request',
      err.message,
    );
  }
  throw err;
}

async function callWithin<T>(deadlineMs: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const request = fn();
  request.catch(() => undefined); // it may fail after the deadline answered
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PaymentProviderUnavailableError(`Stripe did not answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([request, deadline]);
  } catch (err) {
    return translate(err);
  } finally {
    clearTimeout(timer);
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(options);
  const call = <T>(fn: () => Promise<T>) => callWithin(options.deadlineMs ?? DEFAULT_DEADLINE_MS, fn);

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createCustomer({ email, name, userId }) {
      const customer = await call(() =>
        stripe.customers.create({ email, name, metadata: { user_id: String(userId) } }),
      );
      return { id: customer.id };
    },

    async retrievePaymentMethod(id) {
      return mapPaymentMethod(await call(() => stripe.paymentMethods.retrieve(id)));
    },

    async attachPaymentMethod(paymentMethodId, customerId) {
      return mapPaymentMethod(
        await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId })),
      );
    },

    async detachPaymentMethod(paymentMethodId) {
      await call(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    async createSetupIntent({ customerId, type, idempotencyKey }) {
      const params: Stripe.SetupIntentCreateParams = {
        customer: customerId,
        allowed_payment_method_types: [type],
        usage: 'off_session',
        ...(type === 'acss_debit' ? { payment_method_options: { acss_debit: acssMandateOptions } } : {}),
      };
      return mapSetupIntent(
        await call(() => stripe.setupIntents.create(params, idempotencyKey ? { idempotencyKey } : undefined)),
      );
    },

    async setupOffSession({ customerId, paymentMethodId, idempotencyKey }) {
      const params: Stripe.SetupIntentCreateParams = {
        customer: customerId,
        payment_method: paymentMethodId,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        confirm: true,
      };
      return mapSetupIntent(await call(() => stripe.setupIntents.create(params, { idempotencyKey })));
    },

    async retrieveSetupIntent(id) {
      return mapSetupIntent(await call(() => stripe.setupIntents.retrieve(id)));
    },

    async createPaymentIntent(input) {
      const type: PaymentMethodType = input.type;
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amountCents,
        currency: input.currency,
        customer: input.customerId,
        payment_method: input.paymentMethodId,
        allowed_payment_method_types: [type],
        description: input.description,
        metadata: input.metadata,
        confirm: true,
        // the customer is away (a scheduled or renewed authorisation): Stripe declines a card that
        // needs 3-D Secure with authentication_required instead of waiting for the customer
        ...(input.offSession ? { off_session: true } : {}),
        // cards are authorised now and captured when the order is processed; Stripe settles a
        // bank debit on its own schedule (the intent stays processing), so it has no manual capture
        capture_method: type === 'card' ? 'manual' : 'automatic',
        ...(type === 'acss_debit'
          ? { payment_method_options: { acss_debit: { mandate_options: acssMandateOptions.mandate_options } } }
          : {}),
      };
      return mapPaymentIntent(
        await call(() => stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey })),
      );
    },

    async retrievePaymentIntent(id) {
      return mapPaymentIntent(await call(() => stripe.paymentIntents.retrieve(id)));
    },

    async listPaymentIntents({ orderId }) {
      // Stripe's search (metadata is indexed within about a minute of a write)
      const found = await call(() =>
        stripe.paymentIntents.search({ query: `metadata['order_id']:'${orderId}'`, limit: 100 }),
      );
      return found.data.map(mapPaymentIntent);
    },

    async capturePaymentIntent(id, { amountToCaptureCents, idempotencyKey }) {
      const current = await call(() => stripe.paymentIntents.retrieve(id));
      // a bank debit is captured by Stripe itself: processing until it settles, then succeeded
      if (
        current.payment_method_types.includes('acss_debit') &&
        (current.status === 'processing' || current.status === 'succeeded')
      ) {
        return mapPaymentIntent(current);
      }
      const params: Stripe.PaymentIntentCaptureParams =
        amountToCaptureCents === undefined ? {} : { amount_to_capture: amountToCaptureCents };
      return mapPaymentIntent(await call(() => stripe.paymentIntents.capture(id, params, { idempotencyKey })));
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      return mapPaymentIntent(await call(() => stripe.paymentIntents.cancel(id, {}, { idempotencyKey })));
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const params: Stripe.RefundCreateParams = {
        payment_intent: paymentIntentId,
        ...(amountCents === undefined ? {} : { amount: amountCents }),
      };
      const refund = await call(() => stripe.refunds.create(params, { idempotencyKey }));
      return { id: refund.id, amountCents: refund.amount };
    },
  };
}
