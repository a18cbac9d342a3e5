// Payment port with Stripe's semantics (ARCHITECTURE.md, payments). Adapters: the built-in
// sandbox provider (default; state in PostgreSQL, test cards that decline) and Stripe
// (STRIPE_SECRET_KEY), tested against a local fake of Stripe's HTTP API.
// Amounts are integer cents; currency 'cad' or 'usd'.

export type PaymentMethodType = 'card' | 'acss_debit';

export interface ProviderPaymentMethod {
  id: string; // pm_...
  type: PaymentMethodType;
  brand: string; // 'visa', 'mastercard', 'amex', ... or the bank name for acss_debit
  last4: string;
  expMonth: number | null; // cards only
  expYear: number | null;
  /** the provider customer the method is attached to, if any */
  customerId: string | null;
}

export interface ProviderCustomer {
  id: string; // cus_...
}

export interface SetupIntent {
  id: string; // seti_...
  clientSecret: string;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  paymentMethodId: string | null;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action' // 3-D Secure: the customer authenticates in the browser (client secret), then the intent is requires_capture
  | 'requires_capture' // authorised, waiting for capture at processing time
  | 'processing' // bank debit in flight
  | 'succeeded'
  | 'canceled';

export interface PaymentIntent {
  id: string; // pi_...
  amountCents: number;
  amountCapturableCents: number;
  amountReceivedCents: number;
  currency: 'cad' | 'usd';
  status: PaymentIntentStatus;
  paymentMethodId: string | null;
  clientSecret: string;
  /** the provider customer it charges */
  customerId: string | null;
  /** why a canceled intent was canceled: 'automatic' is an uncaptured authorisation that expired after 7 days */
  cancellationReason: string | null;
}

/** Stripe cancels an uncaptured card authorisation this long after it was made (the sandbox too). */
export const AUTHORISATION_LIFETIME_MS = 7 * 86_400_000;

/** A refusal by the provider (decline, expired card, ...). message is shown to the customer. */
export class PaymentDeclinedError extends Error {
  readonly declineCode: string;
  constructor(message: string, declineCode: string) {
    super(message);
    this.name = 'PaymentDeclinedError';
    this.declineCode = declineCode;
  }
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /** key the browser uses (Stripe publishable key, or 'sandbox') */
  readonly publishableKey: string;
  createCustomer(input: { email: string; name: string; userId: number }): Promise<ProviderCustomer>;
  /** Sandbox only: create a card payment method from card details (Stripe does this in Elements). */
  createCardPaymentMethod?(input: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
    name?: string;
  }): Promise<ProviderPaymentMethod>;
  retrievePaymentMethod(id: string): Promise<ProviderPaymentMethod>;
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** For acss_debit (and saving cards off-session): the browser confirms it with the client secret. */
  createSetupIntent(input: {
    customerId: string;
    type: PaymentMethodType;
    idempotencyKey?: string;
  }): Promise<SetupIntent>;
  retrieveSetupIntent(id: string): Promise<SetupIntent>;
  /** Authorise now, capture later (manual capture); bank debit follows the provider's flow. */
  createPaymentIntent(input: {
    amountCents: number;
    currency: 'cad' | 'usd';
    customerId: string;
    paymentMethodId: string;
    type: PaymentMethodType;
    description: string;
    metadata: Record<string, string>;
    /** provider-side idempotency: the same key never authorises twice */
    idempotencyKey: string;
    /**
     * The customer is not present (a scheduled authorisation, a renewed one): a card that needs
     * 3-D Secure is declined (authentication_required) instead of answering requires_action.
     */
    offSession?: boolean;
  }): Promise<PaymentIntent>;
  /**
   * Keeps a card for charges made later without the customer (Stripe: a SetupIntent with
   * usage off_session confirmed on the server): checks it with the issuer (declining cards throw
   * PaymentDeclinedError) and attaches it to the customer. requires_action: the card asks for
   * 3-D Secure now, so it cannot be charged later without the customer.
   */
  setupOffSession(input: { customerId: string; paymentMethodId: string; idempotencyKey: string }): Promise<SetupIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /**
   * Every payment intent made for an order (metadata order_id), whatever the order saved: the
   * reconciliation job finds authorisations a crashed or raced request left behind (decision 026).
   */
  listPaymentIntents(input: { orderId: number }): Promise<PaymentIntent[]>;
  /** Change the authorised amount before capture (edits); may need a new intent if larger. */
  capturePaymentIntent(
    id: string,
    input: { amountToCaptureCents?: number; idempotencyKey: string },
  ): Promise<PaymentIntent>;
  cancelPaymentIntent(id: string, input: { idempotencyKey: string }): Promise<PaymentIntent>;
  refund(input: {
    paymentIntentId: string;
    amountCents?: number;
    idempotencyKey: string;
  }): Promise<{ id: string; amountCents: number }>;
}

/**
 * A request the provider refuses that is not a decline (Stripe's invalid_request_error and
 * idempotency_error): unknown id, wrong state, amount too large, an idempotency key reused
 * with other parameters. message is the provider's; callers usually answer 422 or 409.
 */
export class PaymentRequestError extends Error {
  readonly code: 'idempotency_error' | 'resource_missing' | 'invalid_state' | 'invalid_amount' | 'invalid_request';
  constructor(code: PaymentRequestError['code'], message: string) {
    super(message);
    this.name = 'PaymentRequestError';
    this.code = code;
  }
}

/**
 * The provider did not give an answer (timed out, reset the connection, answered 5xx): the
 * outcome is unknown, so a retry must reuse the same idempotency key (decision 013).
 */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderUnavailableError';
  }
}
