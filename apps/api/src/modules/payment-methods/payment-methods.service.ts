import type { UserPaymentMethod } from '@caterway/contracts';
import { paymentBrandLabel } from '@caterway/domain';
import { withTransaction, type Db } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { PaymentMethodType, PaymentProvider, ProviderPaymentMethod } from '../../ports/payments.js';
import { withProviderErrors } from './payment-errors.js';
import {
  createPaymentMethodsRepository,
  type PaymentMethodsRepository,
  type UserPaymentMethodRow,
} from './payment-methods.repository.js';

// Saved payment methods (ordering-payments §2 Payments page, §3 Saved payment method, §7 card
// and EFT modals). The provider holds the card or bank account; we keep what the list shows
// (brand, last4, expiry, default flag) and the provider's pm_ id.

export const paymentMethodMessages = {
  notFound: 'Payment method not found.',
  setupIncomplete: 'The bank account setup is not complete.',
  setupMismatch: 'The bank account does not match its setup.',
  bankNeedsSetup: 'A bank account is added through its confirmed setup.',
  alreadyAttached: 'This payment method belongs to another customer.',
  userMissing: 'User not found.',
} as const;

export interface PaymentMethodsServiceDeps {
  db: Db;
  repo: PaymentMethodsRepository;
  payments: PaymentProvider;
  clock: Clock;
}

/** The line under a saved method, e.g. "Visa ending in 4242", "TD account ending in 6789". */
export function describeMethod(m: Pick<UserPaymentMethodRow, 'payment_type' | 'brand' | 'last4'>): string {
  return m.payment_type === 'acss_debit'
    ? `${paymentBrandLabel(m.brand, true)} account ending in ${m.last4}`
    : `${paymentBrandLabel(m.brand)} ending in ${m.last4}`;
}

/** Whitelist of what goes on the wire. */
export function toUserPaymentMethod(r: UserPaymentMethodRow): UserPaymentMethod {
  return {
    id: r.id,
    name: r.name,
    payment_method_id: r.payment_method_id,
    is_default: r.is_default,
    payment_type: r.payment_type,
    brand: r.brand,
    last4: r.last4,
    exp_month: r.exp_month,
    exp_year: r.exp_year,
    description: describeMethod(r),
  };
}

export function createPaymentMethodsService(deps: PaymentMethodsServiceDeps) {
  const { db, repo, payments, clock } = deps;
  const provider = payments.kind;
  // A user's provider customer never changes once stored (insertCustomer keeps the first; the row
  // goes only with the user), so a remembered id is never wrong on any instance: no
  // invalidation needed. Saves the lookup on every checkout finalize (decision 021).
  const customers = createTtlCache<number, string>({ ttlMs: 60 * 60_000, maxEntries: 10_000 });

  /** The user's provider customer, created on first use (one per user and provider). */
  function ensureCustomer(userId: number): Promise<string> {
    return customers.get(userId, () => findOrCreateCustomer(userId));
  }

  async function findOrCreateCustomer(userId: number): Promise<string> {
    const existing = await repo.findCustomerId(userId, provider);
    if (existing) return existing;
    const contact = await repo.findUserContact(userId);
    if (!contact) throw notFound(paymentMethodMessages.userMissing);
    const created = await withProviderErrors(() =>
      payments.createCustomer({ email: contact.email, name: contact.name, userId }),
    );
    // two first requests at once: the first stored customer wins, the other stays unused at the provider
    return repo.insertCustomer(userId, provider, created.id);
  }

  /** Stores a provider method for the user; the first live method becomes the default. */
  async function store(
    userId: number,
    pm: ProviderPaymentMethod,
    details: { name: string; email: string },
  ): Promise<UserPaymentMethodRow> {
    return withTransaction(db, async (tx) => {
      await repo.lockUser(userId, tx);
      const same = await repo.findLiveByProviderId(userId, pm.id, tx);
      if (same) return same; // saving the same method twice is not an error
      const live = await repo.listLive(userId, provider, tx);
      return repo.insert(
        {
          userId,
          provider,
          paymentMethodId: pm.id,
          paymentType: pm.type,
          brand: pm.brand,
          last4: pm.last4,
          expMonth: pm.expMonth,
          expYear: pm.expYear,
          name: details.name,
          email: details.email,
          isDefault: live.length === 0,
        },
        tx,
      );
    });
  }

  async function saveCard(
    userId: number,
    paymentMethodId: string,
    details: { name?: string; email?: string } = {},
  ): Promise<UserPaymentMethodRow> {
    const customerId = await ensureCustomer(userId);
    let pm = await withProviderErrors(() => payments.retrievePaymentMethod(paymentMethodId));
    if (pm.type !== 'card')
      throw new AppError('validation', paymentMethodMessages.bankNeedsSetup, {
        messages: [paymentMethodMessages.bankNeedsSetup],
      });
    if (pm.customerId && pm.customerId !== customerId) {
      throw new AppError('validation', paymentMethodMessages.alreadyAttached, {
        messages: [paymentMethodMessages.alreadyAttached],
      });
    }
    if (!pm.customerId) pm = await withProviderErrors(() => payments.attachPaymentMethod(paymentMethodId, customerId));
    return store(userId, pm, { name: details.name ?? '', email: details.email ?? '' });
  }

  async function saveBankAccount(
    userId: number,
    input: { paymentMethodId: string; setupIntentId: string; name?: string; email?: string },
  ): Promise<UserPaymentMethodRow> {
    const customerId = await ensureCustomer(userId);
    const seti = await withProviderErrors(() => payments.retrieveSetupIntent(input.setupIntentId));
    if (seti.status !== 'succeeded')
      throw new AppError('validation', paymentMethodMessages.setupIncomplete, {
        messages: [paymentMethodMessages.setupIncomplete],
      });
    if (seti.paymentMethodId !== input.paymentMethodId) {
      throw new AppError('validation', paymentMethodMessages.setupMismatch, {
        messages: [paymentMethodMessages.setupMismatch],
      });
    }
    const pm = await withProviderErrors(() => payments.retrievePaymentMethod(input.paymentMethodId));
    // a confirmed setup intent attaches the method to its customer: another user's setup is not found
    if (pm.customerId !== customerId) throw notFound(paymentMethodMessages.notFound);
    const contact = await repo.findUserContact(userId);
    return store(userId, pm, { name: input.name || contact?.name || '', email: input.email || contact?.email || '' });
  }

  return {
    ensureCustomer,
    saveCard,

    config() {
      return { provider, publishable_key: payments.publishableKey };
    },

    async list(userId: number): Promise<UserPaymentMethod[]> {
      return (await repo.listLive(userId, provider)).map(toUserPaymentMethod);
    },

    async add(
      userId: number,
      body: { payment_method_id: string; stripe_setup_intent_id?: string; name?: string; email?: string },
    ): Promise<UserPaymentMethod> {
      const row = body.stripe_setup_intent_id
        ? await saveBankAccount(userId, {
            paymentMethodId: body.payment_method_id,
            setupIntentId: body.stripe_setup_intent_id,
            name: body.name,
            email: body.email,
          })
        : await saveCard(userId, body.payment_method_id, { name: body.name, email: body.email });
      return toUserPaymentMethod(row);
    },

    /** Detaches at the provider; if it was the default, the newest remaining one becomes default. */
    async remove(userId: number, id: number): Promise<UserPaymentMethod[]> {
      const row = await repo.findLive(userId, provider, id);
      if (!row) throw notFound(paymentMethodMessages.notFound);
      try {
        await payments.detachPaymentMethod(row.payment_method_id);
      } catch (err) {
        // already detached or gone at the provider: removing it here is still what the user wants
        const code = (err as { code?: string }).code;
        if (code !== 'invalid_state' && code !== 'resource_missing') throw err;
      }
      await withTransaction(db, async (tx) => {
        await repo.lockUser(userId, tx);
        const current = await repo.findLive(userId, provider, id, tx);
        if (!current) return;
        await repo.softDelete(id, clock.now(), tx);
        if (current.is_default) {
          // none is default now, so the list's order (newest first) gives the successor
          const [newest] = await repo.listLive(userId, provider, tx);
          if (newest) await repo.setDefault(userId, provider, newest.id, tx);
        }
      });
      return (await repo.listLive(userId, provider)).map(toUserPaymentMethod);
    },

    async setDefault(userId: number, id: number): Promise<UserPaymentMethod[]> {
      await withTransaction(db, async (tx) => {
        await repo.lockUser(userId, tx);
        if (!(await repo.findLive(userId, provider, id, tx))) throw notFound(paymentMethodMessages.notFound);
        await repo.setDefault(userId, provider, id, tx);
      });
      return (await repo.listLive(userId, provider)).map(toUserPaymentMethod);
    },

    /** The browser confirms it with the client secret (Stripe.js confirmAcssDebitSetup, or the sandbox). */
    async createSetupIntent(
      userId: number,
      type: PaymentMethodType,
    ): Promise<{ setup_intent_id: string; client_secret: string }> {
      const customerId = await ensureCustomer(userId);
      const seti = await withProviderErrors(() => payments.createSetupIntent({ customerId, type }));
      return { setup_intent_id: seti.id, client_secret: seti.clientSecret };
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

export function paymentMethodsServiceFrom(deps: Pick<AppDeps, 'db' | 'payments' | 'clock'>): PaymentMethodsService {
  return createPaymentMethodsService({
    db: deps.db,
    repo: createPaymentMethodsRepository(deps.db),
    payments: deps.payments,
    clock: deps.clock,
  });
}

/**
 * For ORDERS-API (finalize with save_card=true): attaches the card pm to the user's provider
 * customer and saves it (first method becomes default; saving the same pm again returns it).
 * Call it BEFORE creating the payment intent: Stripe refuses to attach a method already used
 * without a customer. Provider refusals are thrown as AppError (402/409/422).
 */
export async function savePaymentMethodForUser(
  deps: Pick<AppDeps, 'db' | 'payments' | 'clock'>,
  userId: number,
  paymentMethodId: string,
): Promise<UserPaymentMethod> {
  return toUserPaymentMethod(await paymentMethodsServiceFrom(deps).saveCard(userId, paymentMethodId));
}

/** For ORDERS-API: the user's provider customer id (created on demand), for createPaymentIntent. */
export async function ensurePaymentCustomer(
  deps: Pick<AppDeps, 'db' | 'payments' | 'clock'>,
  userId: number,
): Promise<string> {
  return paymentMethodsServiceFrom(deps).ensureCustomer(userId);
}
