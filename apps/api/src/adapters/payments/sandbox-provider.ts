import crypto from 'node:crypto';
import type pg from 'pg';
import { prepared, withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import {
  AUTHORISATION_LIFETIME_MS,
  PaymentDeclinedError,
  PaymentRequestError,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentMethodType,
  type PaymentProvider,
  type ProviderPaymentMethod,
  type SetupIntent,
} from '../../ports/payments.js';
import {
  AUTHENTICATION_REQUIRED,
  EXPIRED_TEST_CARD,
  chargeDecline,
  declineCodeOf,
  setupDecline,
  bankName,
  cardBrand,
  cardExpired,
  cvcValid,
  luhnValid,
  normaliseCardNumber,
  providerMessages,
} from './card-rules.js';

// The built-in payment provider (ARCHITECTURE.md "payments"): Stripe's objects and rules with
// the state in PostgreSQL (sandbox_* tables of migration 006), so the product works end to end
// offline. Browser-side calls that Stripe.js makes against Stripe (create a card payment method,
// confirm a bank-debit setup intent) go through modules/sandbox-payments.

export interface ConfirmBankSetupInput {
  clientSecret: string;
  billingName: string;
  billingEmail: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumber: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  createCardPaymentMethod(input: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
    name?: string;
  }): Promise<ProviderPaymentMethod>;
  /** What stripe.confirmAcssDebitSetup does in the browser: a new acss_debit method, intent succeeded. */
  confirmBankSetupIntent(input: ConfirmBankSetupInput): Promise<SetupIntent>;
  /** What stripe.confirmCardSetup does: attaches an existing card method through the intent. */
  confirmCardSetupIntent(input: { clientSecret: string; paymentMethodId: string }): Promise<SetupIntent>;
  /**
   * What stripe.handleNextAction does for 3-D Secure: the customer completes (or fails) the
   * bank's challenge; the intent becomes requires_capture, or requires_payment_method.
   */
  authenticatePaymentIntent(input: { clientSecret: string; outcome: 'complete' | 'fail' }): Promise<PaymentIntent>;
}

export function isSandboxProvider(p: PaymentProvider): p is SandboxPaymentProvider {
  return p.kind === 'sandbox';
}

const FINGERPRINT_SALT = 'caterway-sandbox';

function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
}

function fingerprint(value: string): string {
  return crypto.createHmac('sha256', FINGERPRINT_SALT).update(value).digest('base64url').slice(0, 16);
}

interface PmRow {
  id: string;
  type: PaymentMethodType;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  decline_code: string | null;
  customer_id: string | null;
}

interface SetiRow {
  id: string;
  client_secret: string;
  customer_id: string;
  payment_method_type: PaymentMethodType;
  status: SetupIntent['status'];
  payment_method_id: string | null;
}

interface PiRow {
  id: string;
  client_secret: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  amount_refunded: number;
  currency: 'cad' | 'usd';
  status: PaymentIntentStatus;
  customer_id: string | null;
  payment_method_id: string | null;
  payment_method_type: PaymentMethodType;
  cancellation_reason: string | null;
  created_at: Date;
}

const PI_COLUMNS = `id, client_secret, amount, amount_capturable, amount_received, amount_refunded, currency, status,
  customer_id, payment_method_id, payment_method_type, cancellation_reason, created_at`;

const toPm = (r: PmRow): ProviderPaymentMethod => ({
  id: r.id,
  type: r.type,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  customerId: r.customer_id,
});

const toSeti = (r: SetiRow): SetupIntent => ({
  id: r.id,
  clientSecret: r.client_secret,
  status: r.status,
  paymentMethodId: r.payment_method_id,
});

const toPi = (r: PiRow): PaymentIntent => ({
  id: r.id,
  amountCents: r.amount,
  amountCapturableCents: r.amount_capturable,
  amountReceivedCents: r.amount_received,
  currency: r.currency,
  status: r.status,
  paymentMethodId: r.payment_method_id,
  clientSecret: r.client_secret,
  customerId: r.customer_id,
  cancellationReason: r.cancellation_reason,
});

const missing = (kind: string, id: string) => new PaymentRequestError('resource_missing', `No such ${kind}: '${id}'`);

type Stored<T> = { ok: T } | { declined: { message: string; code: string } };

const hashOf = (operation: string, params: unknown) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([operation, params]))
    .digest('hex');

/** Makes concurrent requests with one key wait for the first (inside the caller's transaction). */
async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 727006))', [key]);
}

/** The stored result of a key, for a request with the same parameters; otherwise an idempotency_error. */
function replay<T>(key: string, stored: { request_hash: string; response: Stored<T> }, requestHash: string): Stored<T> {
  if (stored.request_hash !== requestHash) {
    throw new PaymentRequestError(
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  return stored.response;
}

function unwrap<T>(outcome: Stored<T>): T {
  if ('declined' in outcome) throw new PaymentDeclinedError(outcome.declined.message, outcome.declined.code);
  return outcome.ok;
}

/** The key was stored by createPaymentIntent (which takes no lock) meanwhile: undo and replay. */
class KeyTaken extends Error {}

/** What the first request with `key` stored (its parameters' hash and its result). */
async function storedUnder<T>(
  q: Queryable,
  key: string,
): Promise<{ request_hash: string; response: Stored<T> } | undefined> {
  const { rows } = await q.query<{ request_hash: string; response: Stored<T> }>(
    'SELECT request_hash, response FROM sandbox_idempotency WHERE key = $1',
    [key],
  );
  return rows[0];
}

/**
 * Stripe's idempotency: the first request with a key stores its parameters and result (a
 * decline included); the same key with the same parameters returns that result again, with
 * other parameters (or another operation) it is an idempotency_error. A per-key advisory lock
 * makes concurrent retries wait for the first one.
 */
async function idempotent<T>(
  db: Db,
  key: string | undefined,
  operation: string,
  params: unknown,
  run: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!key) return withTransaction(db, (tx) => run(tx));
  const requestHash = hashOf(operation, params);
  let outcome: Stored<T>;
  try {
    outcome = await withTransaction(db, async (tx: pg.PoolClient): Promise<Stored<T>> => {
      await lockKey(tx, key);
      const earlier = await storedUnder<T>(tx, key);
      if (earlier) return replay(key, earlier, requestHash);
      let stored: Stored<T>;
      try {
        stored = { ok: await run(tx) };
      } catch (err) {
        // a decline is a result like any other: a retry gets the same decline, not a new attempt
        if (!(err instanceof PaymentDeclinedError)) throw err;
        stored = { declined: { message: err.message, code: err.declineCode } };
      }
      const { rowCount } = await tx.query(
        'INSERT INTO sandbox_idempotency (key, operation, request_hash, response) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING',
        [key, operation, requestHash, JSON.stringify(stored)],
      );
      if (rowCount !== 1) throw new KeyTaken();
      return stored;
    });
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    outcome = replay(key, (await storedUnder<T>(db, key))!, requestHash);
  }
  return unwrap(outcome);
}

export function createSandboxProvider(deps: { db: Db; clock: Clock }): SandboxPaymentProvider {
  const { db, clock } = deps;

  async function findPm(q: Queryable, id: string, lock = false): Promise<PmRow> {
    const { rows } = await q.query<PmRow>(
      `SELECT id, type, brand, last4, exp_month, exp_year, decline_code, customer_id
       FROM sandbox_payment_methods WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    if (!rows[0]) throw missing('payment_method', id);
    return rows[0];
  }

  async function assertCustomer(q: Queryable, id: string): Promise<void> {
    const { rowCount } = await q.query('SELECT 1 FROM sandbox_customers WHERE id = $1', [id]);
    if (!rowCount) throw missing('customer', id);
  }

  /**
   * Stripe cancels an uncaptured card authorisation 7 days after it was made (status canceled,
   * cancellation_reason automatic); the sandbox does it when the intent is next read, by the
   * app's clock, so tests that move the clock see it.
   */
  async function expireIfDue(q: Queryable, pi: PiRow): Promise<PiRow> {
    if (pi.status !== 'requires_capture' || clock.now().getTime() - pi.created_at.getTime() < AUTHORISATION_LIFETIME_MS)
      return pi;
    const { rows } = await q.query<PiRow>(
      `UPDATE sandbox_payment_intents SET status = 'canceled', amount_capturable = 0, cancellation_reason = 'automatic',
              canceled_at = created_at + make_interval(secs => $2 / 1000.0)
        WHERE id = $1 AND status = 'requires_capture' RETURNING ${PI_COLUMNS}`,
      [pi.id, AUTHORISATION_LIFETIME_MS],
    );
    return rows[0] ?? pi;
  }

  async function findPi(q: Queryable, id: string, lock = false): Promise<PiRow> {
    const { rows } = await q.query<PiRow>(
      `SELECT ${PI_COLUMNS} FROM sandbox_payment_intents WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    if (!rows[0]) throw missing('payment_intent', id);
    return expireIfDue(q, rows[0]);
  }

  async function setiBySecret(q: Queryable, clientSecret: string): Promise<SetiRow> {
    const { rows } = await q.query<SetiRow>(
      `SELECT id, client_secret, customer_id, payment_method_type, status, payment_method_id
       FROM sandbox_setup_intents WHERE client_secret = $1 FOR UPDATE`,
      [clientSecret],
    );
    if (!rows[0]) throw new PaymentRequestError('resource_missing', 'No such setup_intent client secret.');
    return rows[0];
  }

  function assertConfirmable(seti: SetiRow, type: PaymentMethodType): void {
    if (seti.payment_method_type !== type) {
      throw new PaymentRequestError(
        'invalid_request',
        `This SetupIntent does not accept payment methods of type ${type}.`,
      );
    }
    if (seti.status !== 'requires_payment_method' && seti.status !== 'requires_confirmation') {
      throw new PaymentRequestError(
        'invalid_state',
        `You cannot confirm this SetupIntent because it has already succeeded or been canceled (status ${seti.status}).`,
      );
    }
  }

  async function updatePi(
    tx: Queryable,
    id: string,
    set: Partial<
      Record<
        'status' | 'amount_capturable' | 'amount_received' | 'amount_refunded' | 'created_at',
        string | number | Date
      >
    >,
    extra = '',
  ): Promise<PiRow> {
    const cols = Object.keys(set);
    const assignments = cols.map((c, i) => `${c} = $${i + 2}`).join(', ');
    const { rows } = await tx.query<PiRow>(
      `UPDATE sandbox_payment_intents SET ${assignments}${extra} WHERE id = $1
       RETURNING ${PI_COLUMNS}`,
      [id, ...cols.map((c) => set[c as keyof typeof set])],
    );
    return rows[0]!;
  }

  return {
    kind: 'sandbox',
    publishableKey: 'sandbox',

    async createCustomer({ email, name, userId }) {
      const id = newId('cus');
      await db.query('INSERT INTO sandbox_customers (id, email, name, user_id) VALUES ($1, $2, $3, $4)', [
        id,
        email,
        name,
        userId,
      ]);
      return { id };
    },

    async createCardPaymentMethod({ number, expMonth, expYear, cvc, name }) {
      const digits = normaliseCardNumber(number);
      if (!luhnValid(digits)) throw new PaymentDeclinedError(providerMessages.incorrectNumber, 'incorrect_number');
      const brand = cardBrand(digits);
      if (digits === EXPIRED_TEST_CARD || cardExpired(expMonth, expYear, clock.now())) {
        throw new PaymentDeclinedError(providerMessages.expired, 'expired_card');
      }
      if (!cvcValid(cvc.trim(), brand)) throw new PaymentDeclinedError(providerMessages.invalidCvc, 'invalid_cvc');
      const id = newId('pm');
      const { rows } = await db.query<PmRow>(
        `INSERT INTO sandbox_payment_methods (id, type, brand, last4, exp_month, exp_year, fingerprint, decline_code, billing_name)
         VALUES ($1, 'card', $2, $3, $4, $5, $6, $7, $8)
         RETURNING id, type, brand, last4, exp_month, exp_year, decline_code, customer_id`,
        [id, brand, digits.slice(-4), expMonth, expYear, fingerprint(digits), declineCodeOf(digits), name ?? null],
      );
      return toPm(rows[0]!);
    },

    async retrievePaymentMethod(id) {
      return toPm(await findPm(db, id));
    },

    async attachPaymentMethod(paymentMethodId, customerId) {
      return withTransaction(db, async (tx) => {
        const pm = await findPm(tx, paymentMethodId, true);
        await assertCustomer(tx, customerId);
        if (pm.customer_id && pm.customer_id !== customerId) {
          throw new PaymentRequestError(
            'invalid_request',
            'The payment method you provided has already been attached to a customer.',
          );
        }
        await tx.query('UPDATE sandbox_payment_methods SET customer_id = $2 WHERE id = $1', [
          paymentMethodId,
          customerId,
        ]);
        return toPm({ ...pm, customer_id: customerId });
      });
    },

    async detachPaymentMethod(paymentMethodId) {
      await withTransaction(db, async (tx) => {
        const pm = await findPm(tx, paymentMethodId, true);
        if (!pm.customer_id) {
          throw new PaymentRequestError(
            'invalid_state',
            `The payment method ${paymentMethodId} is not attached to a customer.`,
          );
        }
        await tx.query('UPDATE sandbox_payment_methods SET customer_id = NULL WHERE id = $1', [paymentMethodId]);
      });
    },

    async createSetupIntent({ customerId, type, idempotencyKey }) {
      return idempotent(db, idempotencyKey, 'setup_intents.create', { customerId, type }, async (tx) => {
        await assertCustomer(tx, customerId);
        const id = newId('seti');
        const { rows } = await tx.query<SetiRow>(
          `INSERT INTO sandbox_setup_intents (id, client_secret, customer_id, payment_method_type, status)
           VALUES ($1, $2, $3, $4, 'requires_payment_method')
           RETURNING id, client_secret, customer_id, payment_method_type, status, payment_method_id`,
          [id, `${id}_secret_${crypto.randomBytes(12).toString('hex')}`, customerId, type],
        );
        return toSeti(rows[0]!);
      });
    },

    async retrieveSetupIntent(id) {
      const { rows } = await db.query<SetiRow>(
        `SELECT id, client_secret, customer_id, payment_method_type, status, payment_method_id
         FROM sandbox_setup_intents WHERE id = $1`,
        [id],
      );
      if (!rows[0]) throw missing('setup_intent', id);
      return toSeti(rows[0]);
    },

    async confirmBankSetupIntent(input) {
      return withTransaction(db, async (tx) => {
        const seti = await setiBySecret(tx, input.clientSecret);
        assertConfirmable(seti, 'acss_debit');
        const pmId = newId('pm');
        await tx.query(
          `INSERT INTO sandbox_payment_methods (id, type, brand, last4, fingerprint, billing_name, billing_email, customer_id)
           VALUES ($1, 'acss_debit', $2, $3, $4, $5, $6, $7)`,
          [
            pmId,
            bankName(input.institutionNumber),
            input.accountNumber.slice(-4),
            fingerprint(`${input.institutionNumber}-${input.transitNumber}-${input.accountNumber}`),
            input.billingName,
            input.billingEmail,
            seti.customer_id,
          ],
        );
        await tx.query(`UPDATE sandbox_setup_intents SET status = 'succeeded', payment_method_id = $2 WHERE id = $1`, [
          seti.id,
          pmId,
        ]);
        return toSeti({ ...seti, status: 'succeeded', payment_method_id: pmId });
      });
    },

    async confirmCardSetupIntent({ clientSecret, paymentMethodId }) {
      return withTransaction(db, async (tx) => {
        const seti = await setiBySecret(tx, clientSecret);
        assertConfirmable(seti, 'card');
        const pm = await findPm(tx, paymentMethodId, true);
        if (pm.type !== 'card')
          throw new PaymentRequestError(
            'invalid_request',
            'This SetupIntent does not accept payment methods of type acss_debit.',
          );
        if (pm.customer_id && pm.customer_id !== seti.customer_id) {
          throw new PaymentRequestError(
            'invalid_request',
            'The payment method you provided has already been attached to a customer.',
          );
        }
        // saving a card checks it with the issuer: the declining test cards fail here too
        const decline = setupDecline(pm.decline_code);
        if (decline) throw new PaymentDeclinedError(decline.message, decline.code);
        await tx.query('UPDATE sandbox_payment_methods SET customer_id = $2 WHERE id = $1', [pm.id, seti.customer_id]);
        await tx.query(`UPDATE sandbox_setup_intents SET status = 'succeeded', payment_method_id = $2 WHERE id = $1`, [
          seti.id,
          pm.id,
        ]);
        return toSeti({ ...seti, status: 'succeeded', payment_method_id: pm.id });
      });
    },

    async setupOffSession({ customerId, paymentMethodId, idempotencyKey }) {
      return idempotent(
        db,
        idempotencyKey,
        'setup_intents.create',
        { customerId, paymentMethodId, usage: 'off_session', confirm: true },
        async (tx) => {
          await assertCustomer(tx, customerId);
          const pm = await findPm(tx, paymentMethodId, true);
          if (pm.type !== 'card')
            throw new PaymentRequestError(
              'invalid_request',
              `This SetupIntent does not accept payment methods of type ${pm.type}.`,
            );
          if (pm.customer_id && pm.customer_id !== customerId) {
            throw new PaymentRequestError(
              'invalid_request',
              'The payment method you provided has already been attached to a customer.',
            );
          }
          // the issuer checks the card now: the declining test cards fail, the 3-D Secure one asks for it
          const decline = setupDecline(pm.decline_code);
          if (decline) throw new PaymentDeclinedError(decline.message, decline.code);
          const status: SetupIntent['status'] =
            pm.decline_code === AUTHENTICATION_REQUIRED ? 'requires_action' : 'succeeded';
          if (status === 'succeeded')
            await tx.query('UPDATE sandbox_payment_methods SET customer_id = $2 WHERE id = $1', [pm.id, customerId]);
          const id = newId('seti');
          const { rows } = await tx.query<SetiRow>(
            `INSERT INTO sandbox_setup_intents (id, client_secret, customer_id, payment_method_type, status, payment_method_id)
           VALUES ($1, $2, $3, 'card', $4, $5)
           RETURNING id, client_secret, customer_id, payment_method_type, status, payment_method_id`,
            [id, `${id}_secret_${crypto.randomBytes(12).toString('hex')}`, customerId, status, pm.id],
          );
          return toSeti(rows[0]!);
        },
      );
    },

    async authenticatePaymentIntent({ clientSecret, outcome }) {
      return withTransaction(db, async (tx) => {
        const { rows } = await tx.query<PiRow>(
          `SELECT ${PI_COLUMNS} FROM sandbox_payment_intents WHERE client_secret = $1 FOR UPDATE`,
          [clientSecret],
        );
        const pi = rows[0];
        if (!pi) throw new PaymentRequestError('resource_missing', 'No such payment_intent client secret.');
        if (pi.status !== 'requires_action') {
          throw new PaymentRequestError(
            'invalid_state',
            `This PaymentIntent does not need authentication (status ${pi.status}).`,
          );
        }
        if (outcome === 'fail') {
          return toPi(await updatePi(tx, pi.id, { status: 'requires_payment_method' }, ', payment_method_id = NULL'));
        }
        // authenticated: the authorisation is made now, and its 7 days start now
        return toPi(
          await updatePi(tx, pi.id, {
            status: 'requires_capture',
            amount_capturable: pi.amount,
            created_at: clock.now(),
          }),
        );
      });
    },

    /**
     * The checkout's hot path (decisions 017 and 021): one read gives the key's stored result,
     * the customer and the payment method; one statement stores the key's result and, only when
     * that key was new, the intent. No transaction or lock: the key's primary key decides a race.
     * A request that loses it (the same key stored meanwhile; PostgreSQL makes it wait for the
     * winner's commit) stores nothing and answers the winner's stored result, as a retry would.
     * The same rules and answers as the other operations' idempotent().
     */
    async createPaymentIntent(input) {
      const { idempotencyKey: key, ...params } = input;
      if (!Number.isInteger(params.amountCents) || params.amountCents < 50) {
        // Stripe's minimum charge is 50 cents in CAD and USD
        throw new PaymentRequestError('invalid_amount', 'Amount must be at least $0.50 cad');
      }
      const operation = 'payment_intents.create';
      const requestHash = key ? hashOf(operation, params) : '';
      const { rows } = await db.query<
        PmRow & { request_hash: string | null; response: Stored<PaymentIntent> | null; customer_found: boolean }
      >(
        prepared(
          `SELECT i.request_hash, i.response, c.id IS NOT NULL AS customer_found,
                  pm.id, pm.type, pm.brand, pm.last4, pm.exp_month, pm.exp_year, pm.decline_code, pm.customer_id
             FROM (SELECT 1) one
             LEFT JOIN sandbox_idempotency i ON i.key = $1
             LEFT JOIN sandbox_customers c ON c.id = $2
             LEFT JOIN sandbox_payment_methods pm ON pm.id = $3`,
          [key ?? null, params.customerId, params.paymentMethodId],
        ),
      );
      const found = rows[0]!;
      if (key && found.request_hash !== null)
        return unwrap(replay(key, { request_hash: found.request_hash, response: found.response! }, requestHash));
      if (!found.customer_found) throw missing('customer', params.customerId);
      if (found.id === null) throw missing('payment_method', params.paymentMethodId);
      const pm = found;
      if (pm.type !== params.type) {
        throw new PaymentRequestError(
          'invalid_request',
          `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent (${params.type}).`,
        );
      }
      if (pm.customer_id && pm.customer_id !== params.customerId) {
        throw new PaymentRequestError('invalid_request', 'The provided PaymentMethod belongs to a different Customer.');
      }
      // the 3-D Secure card waits for the customer in the browser, or declines when they are away
      const needsAuthentication = pm.decline_code === AUTHENTICATION_REQUIRED;
      const decline =
        needsAuthentication && params.offSession
          ? { code: AUTHENTICATION_REQUIRED, message: providerMessages.authenticationRequired }
          : chargeDecline(pm.decline_code);
      // without a key a decline keeps nothing, as before
      if (decline && !key) throw new PaymentDeclinedError(decline.message, decline.code);
      // card: authorised and held until capture; bank debit: submitted, settles later (processing)
      const status: PaymentIntentStatus = decline
        ? 'requires_payment_method'
        : pm.type !== 'card'
          ? 'processing'
          : needsAuthentication
            ? 'requires_action'
            : 'requires_capture';
      const id = newId('pi');
      const row: PiRow = {
        id,
        client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`,
        amount: params.amountCents,
        amount_capturable: status === 'requires_capture' || status === 'processing' ? params.amountCents : 0,
        amount_received: 0,
        amount_refunded: 0,
        currency: params.currency,
        status,
        customer_id: params.customerId,
        payment_method_id: decline ? null : pm.id,
        payment_method_type: params.type,
        cancellation_reason: null,
        // by the app's clock: the authorisation expires 7 days after it (expireIfDue)
        created_at: clock.now(),
      };
      // a decline is a result like any other: a retry gets the same decline, not a new attempt
      const stored: Stored<PaymentIntent> = decline
        ? { declined: { message: decline.message, code: decline.code } }
        : { ok: toPi(row) };
      const values = [
        row.id,
        row.client_secret,
        row.amount,
        row.amount_capturable,
        row.currency,
        row.status,
        row.customer_id,
        row.payment_method_id,
        row.payment_method_type,
        params.description,
        JSON.stringify(params.metadata),
        row.created_at,
      ];
      const columns = `id, client_secret, amount, amount_capturable, currency, status, customer_id, payment_method_id, payment_method_type, description, metadata, created_at`;
      if (!key) {
        await db.query(
          `INSERT INTO sandbox_payment_intents (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          values,
        );
        return unwrap(stored);
      }
      // the intent is written only beside its new key: both or neither, in one statement
      const { rowCount } = await db.query(
        prepared(
          `WITH k AS (INSERT INTO sandbox_idempotency (key, operation, request_hash, response) VALUES ($13, $14, $15, $16)
                    ON CONFLICT (key) DO NOTHING RETURNING key)
         INSERT INTO sandbox_payment_intents (${columns})
         SELECT $1::text, $2::text, $3::int, $4::int, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::jsonb, $12::timestamptz FROM k`,
          [...values, key, operation, requestHash, JSON.stringify(stored)],
        ),
      );
      if (rowCount === 1) return unwrap(stored);
      // a request with the same key got there first: answer what it stored
      return unwrap(replay(key, (await storedUnder<PaymentIntent>(db, key))!, requestHash));
    },

    async retrievePaymentIntent(id) {
      return toPi(await findPi(db, id));
    },

    async listPaymentIntents({ orderId }) {
      const { rows } = await db.query<PiRow>(
        `SELECT id, client_secret, amount, amount_capturable, amount_received, amount_refunded, currency, status,
                customer_id, payment_method_id, payment_method_type
           FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1 ORDER BY created_at, id`,
        [String(orderId)],
      );
      return rows.map(toPi);
    },

    async capturePaymentIntent(id, { amountToCaptureCents, idempotencyKey }) {
      return idempotent(
        db,
        idempotencyKey,
        'payment_intents.capture',
        { id, amountToCaptureCents: amountToCaptureCents ?? null },
        async (tx) => {
          const pi = await findPi(tx, id, true);
          if (pi.status !== 'requires_capture' && pi.status !== 'processing') {
            throw new PaymentRequestError(
              'invalid_state',
              `This PaymentIntent could not be captured because it has a status of ${pi.status}.`,
            );
          }
          const amount = amountToCaptureCents ?? pi.amount_capturable;
          if (!Number.isInteger(amount) || amount <= 0 || amount > pi.amount_capturable) {
            throw new PaymentRequestError(
              'invalid_amount',
              `The amount to capture (${amount}) must be a positive integer no greater than the amount capturable (${pi.amount_capturable}).`,
            );
          }
          // a partial capture releases the rest of the authorisation, as Stripe does
          return toPi(await updatePi(tx, id, { status: 'succeeded', amount_capturable: 0, amount_received: amount }));
        },
      );
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      return idempotent(db, idempotencyKey, 'payment_intents.cancel', { id }, async (tx) => {
        const pi = await findPi(tx, id, true);
        if (pi.status === 'succeeded' || pi.status === 'canceled') {
          throw new PaymentRequestError(
            'invalid_state',
            `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          );
        }
        return toPi(await updatePi(tx, id, { status: 'canceled', amount_capturable: 0 }, ', canceled_at = now()'));
      });
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      return idempotent(
        db,
        idempotencyKey,
        'refunds.create',
        { paymentIntentId, amountCents: amountCents ?? null },
        async (tx) => {
          const pi = await findPi(tx, paymentIntentId, true);
          if (pi.status !== 'succeeded') {
            throw new PaymentRequestError(
              'invalid_state',
              `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
            );
          }
          const remaining = pi.amount_received - pi.amount_refunded;
          const amount = amountCents ?? remaining;
          if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
            throw new PaymentRequestError(
              'invalid_amount',
              remaining === 0
                ? `Charge for PaymentIntent ${pi.id} has already been refunded.`
                : `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining}).`,
            );
          }
          const refundId = newId('re');
          await tx.query('INSERT INTO sandbox_refunds (id, payment_intent_id, amount) VALUES ($1, $2, $3)', [
            refundId,
            pi.id,
            amount,
          ]);
          await updatePi(tx, pi.id, { amount_refunded: pi.amount_refunded + amount });
          return { id: refundId, amountCents: amount };
        },
      );
    },
  };
}
