import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import StripeSdk from 'stripe';
import type Stripe from 'stripe';

// A local fake of the part of Stripe's HTTP API that adapters/payments/stripe-provider.ts uses:
// form-encoded requests as the SDK sends them, JSON objects shaped like Stripe's (typed against
// the SDK's own types), Idempotency-Key replay and idempotency_error, and card_error 402 for
// the declining test cards. What the browser does against Stripe (Elements creating a card
// payment method, confirmAcssDebitSetup) is done through the helper methods.

type Params = Record<string, unknown>;

export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
}

export interface StripeFake {
  /** http://127.0.0.1:<port> (pass as STRIPE_API_URL / apiUrl) */
  url: string;
  secretKey: string;
  requests: RecordedStripeRequest[];
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  /** What Stripe Elements does: a card payment method from a test card number. */
  createCardPaymentMethod(number: string, exp?: { month: number; year: number }): Stripe.PaymentMethod;
  /** What stripe.confirmAcssDebitSetup does once the customer accepted the mandate. */
  confirmAcssSetupIntent(
    setupIntentId: string,
    bank: { bankName: string; last4: string; name: string; email: string },
  ): Stripe.SetupIntent;
  /**
   * Fault injection (issue 7 item 4): the next `times` requests whose path matches are answered
   * slowly (after delayMs, the request having been applied), cut off by a connection reset (after
   * being applied), or with a 500 api_error (not applied). Answers a function that removes it.
   */
  inject(fault: StripeFault): () => void;
  /** Stripe's events, oldest first, as GET /v1/events lists them (what a webhook endpoint receives). */
  events: Stripe.Event[];
  /** The last event of a type (or undefined). */
  lastEvent(type: string): Stripe.Event | undefined;
  /** What Stripe does on its own after 7 days: cancels an uncaptured authorisation (cancellation_reason automatic). */
  expireAuthorisation(paymentIntentId: string): Stripe.PaymentIntent;
  /** What stripe.handleNextAction does once the customer passes (or fails) the bank's 3-D Secure challenge. */
  authenticate(paymentIntentId: string, outcome: 'complete' | 'fail'): Stripe.PaymentIntent;
  /** A bank debit in flight settles (succeeded) or fails (requires_payment_method + payment_failed). */
  settleDebit(paymentIntentId: string, outcome: 'succeeded' | 'failed'): Stripe.PaymentIntent;
  /** A refund made in the Stripe dashboard. */
  refundInDashboard(paymentIntentId: string, amount: number): Stripe.Charge;
  /** The customer's bank opens a dispute on the intent's charge. */
  openDispute(paymentIntentId: string, reason?: string): Stripe.Dispute;
  close(): Promise<void>;
}

/**
 * The Stripe-Signature header Stripe sends with a webhook: t=<unix seconds>,v1=<HMAC-SHA256 of
 * `${t}.${payload}` with the endpoint secret>, made by the SDK's own helper.
 */
export function signWebhook(payload: string, secret: string, timestampSeconds: number): string {
  return StripeSdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}

export interface StripeFault {
  kind: 'slow' | 'reset' | 'error500';
  path: RegExp;
  times?: number;
  delayMs?: number;
}

/** Parses Stripe's form encoding: a[b][0]=x&c=y -> { a: { b: ['x'] }, c: 'y' }. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const pair of body.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.split(/[[\]]+/).filter((s) => s !== '');
    let node = root as Record<string, unknown>;
    path.forEach((seg, i) => {
      if (i === path.length - 1) node[seg] = value;
      else node = (node[seg] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
      return keys.sort((a, b) => +a - +b).map((k) => arrays(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
  };
  return arrays(root) as Params;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const missing = (kind: string, id: string) =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
const invalid = (message: string, code = 'parameter_invalid') =>
  new StripeHttpError(400, { type: 'invalid_request_error', code, message });

const declines: Record<string, { decline_code: string; message: string }> = {
  '4000000000000002': { decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

/** Stripe's card that attaches to a customer (setup succeeds) but whose charges are declined. */
const chargeOnlyDeclines: Record<string, { decline_code: string; message: string }> = {
  '4000000000000341': { decline_code: 'generic_decline', message: 'Your card was declined.' },
};

/** Stripe's 3-D Secure test card: authentication on every payment; off-session it declines. */
const AUTHENTICATION_CARD = '4000002760003184';
const authenticationRequired = {
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

const brandOf = (n: string) =>
  n.startsWith('4')
    ? 'visa'
    : /^5[1-5]/.test(n)
      ? 'mastercard'
      : /^3[47]/.test(n)
        ? 'amex'
        : /^6/.test(n)
          ? 'discover'
          : 'unknown';

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
/** A form parameter's text: form-encoded values are strings (numbers when set in code); anything else is absent. */
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const int = (v: unknown) => (v === undefined ? undefined : Number.parseInt(text(v), 10));

export async function startStripeFake(options: { secretKey?: string } = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? 'sk_test_fake_123';
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, Params>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const cardNumbers = new Map<string, string>();
  const setupIntents = new Map<string, Stripe.SetupIntent>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const idempotency = new Map<string, { hash: string; status: number; body: unknown }>();
  const refundedByIntent = new Map<string, number>();
  const charges = new Map<string, Stripe.Charge>();
  const events: Stripe.Event[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  /** Stripe's event envelope around a snapshot of the object, as its webhooks deliver it. */
  function emit(type: string, object: unknown): Stripe.Event {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-09-30.clover',
      created: now(),
      data: { object: JSON.parse(JSON.stringify(object)) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req'), idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    events.push(event);
    return event;
  }

  /** The charge a confirmed card intent carries (latest_charge); refunds and disputes hang on it. */
  function chargeOf(pi: Stripe.PaymentIntent): Stripe.Charge {
    const existing = pi.latest_charge
      ? charges.get(typeof pi.latest_charge === 'string' ? pi.latest_charge : pi.latest_charge.id)
      : undefined;
    if (existing) return existing;
    const charge = {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: pi.amount_received,
      amount_refunded: 0,
      captured: pi.status === 'succeeded',
      refunded: false,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      metadata: pi.metadata,
      status: 'succeeded',
      created: now(),
      livemode: false,
    } as unknown as Stripe.Charge;
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    return charge;
  }

  const pmOr404 = (id: string) =>
    paymentMethods.get(id) ??
    (() => {
      throw missing('PaymentMethod', id);
    })();
  const piOr404 = (id: string) =>
    paymentIntents.get(id) ??
    (() => {
      throw missing('payment_intent', id);
    })();
  /** A helper's intent, which must be in `status` (what Stripe would act on). */
  const piIn = (id: string, status: string) => {
    const pi = piOr404(id);
    if (pi.status !== status) throw new Error(`${id} is ${pi.status}, not ${status}`);
    return pi;
  };

  function route(method: string, path: string, p: Params): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: newId('cus'),
        object: 'customer',
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)))
      return { status: 200, body: pmOr404(m[1]!) };
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      const pm = pmOr404(m[1]!);
      const customer = text(p.customer);
      if (!customers.has(customer)) throw missing('customer', customer);
      if (pm.customer && pm.customer !== customer)
        throw invalid('The payment method you provided has already been attached to a customer.');
      pm.customer = customer;
      return { status: 200, body: pm };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const pm = pmOr404(m[1]!);
      if (!pm.customer)
        throw invalid(`The payment method ${pm.id} is not attached to a customer.`, 'payment_method_unexpected_state');
      pm.customer = null;
      return { status: 200, body: pm };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = text(p.customer);
      if (!customers.has(customer)) throw missing('customer', customer);
      const id = newId('seti');
      const types = (p.allowed_payment_method_types ?? p.payment_method_types ?? ['card']) as string[];
      // confirm=true with a payment_method (a card kept for off-session charges): the issuer checks it now
      const confirming = p.confirm === 'true' && typeof p.payment_method === 'string';
      const pm = confirming ? pmOr404(String(p.payment_method)) : undefined;
      const number = pm ? (cardNumbers.get(pm.id) ?? '') : '';
      if (pm && declines[number]) {
        throw new StripeHttpError(402, {
          type: 'card_error',
          code: 'card_declined',
          ...declines[number],
          payment_method: pm,
        });
      }
      const needsAction = number === AUTHENTICATION_CARD;
      if (pm && !needsAction) pm.customer = customer;
      const si = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        customer,
        status: !pm ? 'requires_payment_method' : needsAction ? 'requires_action' : 'succeeded',
        next_action: needsAction ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
        payment_method: pm?.id ?? null,
        payment_method_types: types,
        payment_method_options: p.payment_method_options ?? {},
        usage: p.usage ?? 'off_session',
        created: now(),
        livemode: false,
      } as unknown as Stripe.SetupIntent;
      setupIntents.set(id, si);
      return { status: 200, body: si };
    }
    if (method === 'GET' && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const si = setupIntents.get(m[1]!);
      if (!si) throw missing('setupintent', m[1]!);
      return { status: 200, body: si };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = pmOr404(text(p.payment_method));
      const customer = text(p.customer);
      if (!customers.has(customer)) throw missing('customer', customer);
      if (pm.customer && pm.customer !== customer)
        throw invalid(
          'The provided PaymentMethod belongs to a different Customer.',
          'payment_intent_invalid_parameter',
        );
      const amount = int(p.amount) ?? 0;
      if (amount < 50) throw invalid('Amount must be at least $0.50 cad', 'amount_too_small');
      const id = newId('pi');
      const manual = p.capture_method === 'manual';
      const number = pm.type === 'card' ? (cardNumbers.get(pm.id) ?? '') : '';
      const needsAction = number === AUTHENTICATION_CARD;
      // a 3-D Secure card charged while the customer is away (off_session) is declined
      const decline =
        needsAction && p.off_session === 'true'
          ? authenticationRequired
          : (declines[number] ?? chargeOnlyDeclines[number]);
      const status =
        p.confirm !== 'true'
          ? 'requires_confirmation'
          : decline
            ? 'requires_payment_method'
            : pm.type === 'acss_debit'
              ? 'processing'
              : needsAction
                ? 'requires_action'
                : manual
                  ? 'requires_capture'
                  : 'succeeded';
      const pi = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: status === 'requires_capture' ? amount : 0,
        amount_received: status === 'succeeded' ? amount : 0,
        currency: String(p.currency),
        status,
        capture_method: manual ? 'manual' : 'automatic',
        customer,
        payment_method: decline ? null : pm.id,
        payment_method_types: (p.allowed_payment_method_types ?? p.payment_method_types ?? ['card']) as string[],
        payment_method_options: p.payment_method_options ?? {},
        client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
        next_action:
          status === 'requires_action'
            ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
            : null,
        cancellation_reason: null,
        description: p.description ?? null,
        metadata: p.metadata ?? {},
        created: now(),
        livemode: false,
      } as unknown as Stripe.PaymentIntent;
      paymentIntents.set(id, pi);
      if (status === 'requires_capture' || status === 'succeeded') chargeOf(pi);
      emit(
        decline
          ? 'payment_intent.payment_failed'
          : status === 'requires_action'
            ? 'payment_intent.requires_action'
            : status === 'requires_capture'
              ? 'payment_intent.amount_capturable_updated'
              : status === 'processing'
                ? 'payment_intent.processing'
                : 'payment_intent.created',
        decline ? { ...pi, last_payment_error: { type: 'card_error', code: 'card_declined', ...decline } } : pi,
      );
      if (decline) {
        throw new StripeHttpError(402, {
          type: 'card_error',
          code: 'card_declined',
          ...decline,
          payment_intent: pi,
          payment_method: pm,
        });
      }
      return { status: 200, body: pi };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      // the one query the adapter sends: metadata['key']:'value'
      const q = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(text(p.query));
      if (!q) throw invalid(`Unsupported search query: ${String(p.query)}`);
      const data = [...paymentIntents.values()].filter((pi) => pi.metadata?.[q[1]!] === q[2]);
      return {
        status: 200,
        body: { object: 'search_result', url: '/v1/payment_intents/search', data, has_more: false, next_page: null },
      };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)))
      return { status: 200, body: piOr404(m[1]!) };
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path))) {
      const pi = piOr404(m[1]!);
      if (pi.status !== 'requires_capture') {
        throw invalid(
          `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
          'payment_intent_unexpected_state',
        );
      }
      const amount = int(p.amount_to_capture) ?? pi.amount_capturable;
      if (amount > pi.amount_capturable)
        throw invalid('The amount to capture must be less than or equal to the amount capturable.', 'amount_too_large');
      Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
      Object.assign(chargeOf(pi), { captured: true, amount_captured: amount });
      emit('payment_intent.succeeded', pi);
      return { status: 200, body: pi };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
      const pi = piOr404(m[1]!);
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      Object.assign(pi, {
        status: 'canceled',
        amount_capturable: 0,
        canceled_at: now(),
        cancellation_reason: p.cancellation_reason ?? 'requested_by_customer',
      });
      emit('payment_intent.canceled', pi);
      return { status: 200, body: pi };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = piOr404(text(p.payment_intent));
      const refunded = refundedByIntent.get(pi.id) ?? 0;
      const remaining = pi.amount_received - refunded;
      const amount = int(p.amount) ?? remaining;
      if (pi.status !== 'succeeded' || amount <= 0 || amount > remaining) {
        throw invalid(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
          'amount_too_large',
        );
      }
      refundedByIntent.set(pi.id, refunded + amount);
      const charge = Object.assign(chargeOf(pi), {
        amount_refunded: refunded + amount,
        refunded: refunded + amount >= pi.amount_received,
      });
      emit('charge.refunded', charge);
      return {
        status: 200,
        body: {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: pi.currency,
          payment_intent: pi.id,
          status: 'succeeded',
          created: now(),
        },
      };
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const faults: StripeFault[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const params = parseStripeForm(method === 'GET' ? url.searchParams.toString() : raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, params, idempotencyKey: key });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: ****' } });
      }
      const faultIndex = faults.findIndex((f) => f.path.test(url.pathname));
      const fault = faultIndex === -1 ? undefined : faults[faultIndex]!;
      if (fault && (fault.times = (fault.times ?? 1) - 1) <= 0) faults.splice(faultIndex, 1);
      if (fault?.kind === 'error500') {
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      const answer = send;
      const reply =
        fault?.kind === 'slow'
          ? (status: number, body: unknown) =>
              void setTimeout(() => !res.destroyed && answer(status, body), fault.delayMs ?? 10_000).unref()
          : fault?.kind === 'reset'
            ? () => req.socket.resetAndDestroy()
            : answer;
      const hash = crypto.createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
      if (method === 'POST' && key) {
        const seen = idempotency.get(key);
        if (seen) {
          if (seen.hash !== hash) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            });
          }
          return reply(seen.status, seen.body);
        }
      }
      let status: number;
      let body: unknown;
      try {
        ({ status, body } = route(method, url.pathname, params));
      } catch (err) {
        if (!(err instanceof StripeHttpError)) {
          status = 500;
          body = { error: { type: 'api_error', message: 'fake failed' } };
        } else {
          status = err.status;
          body = { error: err.error };
        }
      }
      // Stripe keeps the outcome of a keyed request, errors included (not validation 400s)
      if (method === 'POST' && key && status !== 400)
        idempotency.set(key, { hash, status, body: JSON.parse(JSON.stringify(body)) });
      reply(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    paymentIntents,
    events,
    lastEvent: (type) => events.filter((e) => e.type === type).at(-1),
    expireAuthorisation(id) {
      const pi = piIn(id, 'requires_capture');
      Object.assign(pi, {
        status: 'canceled',
        amount_capturable: 0,
        canceled_at: now(),
        cancellation_reason: 'automatic',
      });
      emit('payment_intent.canceled', pi);
      return pi;
    },
    authenticate(id, outcome) {
      const pi = piIn(id, 'requires_action');
      if (outcome === 'complete') {
        Object.assign(pi, {
          status: pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded',
          amount_capturable: pi.capture_method === 'manual' ? pi.amount : 0,
          next_action: null,
        });
        chargeOf(pi);
        emit(pi.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.amount_capturable_updated', pi);
      } else {
        const last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        Object.assign(pi, {
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          last_payment_error,
        });
        emit('payment_intent.payment_failed', pi);
      }
      return pi;
    },
    settleDebit(id, outcome) {
      const pi = piIn(id, 'processing');
      if (outcome === 'succeeded') {
        Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
        chargeOf(pi);
        emit('payment_intent.succeeded', pi);
      } else {
        const last_payment_error = {
          type: 'invalid_request_error',
          code: 'payment_method_microdeposit_verification_failed',
          message: 'The bank account could not be debited.',
        };
        Object.assign(pi, { status: 'requires_payment_method', last_payment_error });
        emit('payment_intent.payment_failed', pi);
      }
      return pi;
    },
    refundInDashboard(id, amount) {
      const pi = piOr404(id);
      const refunded = (refundedByIntent.get(pi.id) ?? 0) + amount;
      if (pi.status !== 'succeeded' || refunded > pi.amount_received) throw new Error('nothing left to refund');
      refundedByIntent.set(pi.id, refunded);
      const charge = Object.assign(chargeOf(pi), {
        amount_refunded: refunded,
        refunded: refunded >= pi.amount_received,
      });
      emit('charge.refunded', charge);
      return charge;
    },
    openDispute(id, reason = 'fraudulent') {
      const pi = piOr404(id);
      const charge = chargeOf(pi);
      const dispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: charge.amount_captured || charge.amount,
        currency: pi.currency,
        charge: charge.id,
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
        metadata: {},
        created: now(),
        livemode: false,
      } as unknown as Stripe.Dispute;
      emit('charge.dispute.created', dispute);
      return dispute;
    },
    inject(fault) {
      const f = { ...fault, times: fault.times ?? Infinity };
      faults.push(f);
      return () => {
        const i = faults.indexOf(f);
        if (i !== -1) faults.splice(i, 1);
      };
    },
    createCardPaymentMethod(number, exp = { month: 12, year: 2034 }) {
      const pm = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: {
          brand: brandOf(number),
          last4: number.slice(-4),
          exp_month: exp.month,
          exp_year: exp.year,
          country: 'CA',
          funding: 'credit',
        },
        customer: null,
        billing_details: { name: null, email: null },
        created: now(),
        livemode: false,
        metadata: {},
      } as unknown as Stripe.PaymentMethod;
      paymentMethods.set(pm.id, pm);
      cardNumbers.set(pm.id, number);
      return pm;
    },
    confirmAcssSetupIntent(setupIntentId, bank) {
      const si = setupIntents.get(setupIntentId);
      if (!si) throw new Error(`no setup intent ${setupIntentId}`);
      const pm = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'acss_debit',
        acss_debit: {
          bank_name: bank.bankName,
          last4: bank.last4,
          institution_number: '004',
          transit_number: '12345',
          fingerprint: 'fp',
        },
        customer: si.customer,
        billing_details: { name: bank.name, email: bank.email },
        created: now(),
        livemode: false,
        metadata: {},
      } as unknown as Stripe.PaymentMethod;
      paymentMethods.set(pm.id, pm);
      Object.assign(si, { status: 'succeeded', payment_method: pm.id });
      return si;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
