import type { Queryable } from '../../db/pool.js';

// The only SQL on payment_customers and user_payment_methods (migration 006).
export type ProviderKind = 'sandbox' | 'stripe';

export interface UserPaymentMethodRow {
  id: number;
  user_id: number;
  provider: ProviderKind;
  payment_method_id: string;
  payment_type: 'card' | 'acss_debit';
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  name: string;
  email: string;
  is_default: boolean;
  created_at: Date;
}

const COLUMNS = `id, user_id, provider, payment_method_id, payment_type, brand, last4, exp_month, exp_year, name, email,
  is_default, created_at`;

export interface NewUserPaymentMethod {
  userId: number;
  provider: ProviderKind;
  paymentMethodId: string;
  paymentType: 'card' | 'acss_debit';
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  name: string;
  email: string;
  isDefault: boolean;
}

export function createPaymentMethodsRepository(db: Queryable) {
  return {
    async findUserContact(userId: number, q: Queryable = db): Promise<{ email: string; name: string } | null> {
      const { rows } = await q.query<{ email: string; name: string }>(
        `SELECT email, trim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1`,
        [userId],
      );
      return rows[0] ?? null;
    },

    async findCustomerId(userId: number, provider: ProviderKind, q: Queryable = db): Promise<string | null> {
      const { rows } = await q.query<{ provider_customer_id: string }>(
        'SELECT provider_customer_id FROM payment_customers WHERE user_id = $1 AND provider = $2',
        [userId, provider],
      );
      return rows[0]?.provider_customer_id ?? null;
    },

    /** Inserts unless a customer exists already; returns the one that is stored. */
    async insertCustomer(
      userId: number,
      provider: ProviderKind,
      customerId: string,
      q: Queryable = db,
    ): Promise<string> {
      const { rows } = await q.query<{ provider_customer_id: string }>(
        `INSERT INTO payment_customers (user_id, provider, provider_customer_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, provider) DO UPDATE SET provider_customer_id = payment_customers.provider_customer_id
         RETURNING provider_customer_id`,
        [userId, provider, customerId],
      );
      return rows[0]!.provider_customer_id;
    },

    /** Default first, then newest (ordering-payments §2 Payments page). */
    async listLive(userId: number, provider: ProviderKind, q: Queryable = db): Promise<UserPaymentMethodRow[]> {
      const { rows } = await q.query<UserPaymentMethodRow>(
        `SELECT ${COLUMNS} FROM user_payment_methods
         WHERE user_id = $1 AND provider = $2 AND deleted_at IS NULL
         ORDER BY is_default DESC, created_at DESC, id DESC`,
        [userId, provider],
      );
      return rows;
    },

    async findLive(
      userId: number,
      provider: ProviderKind,
      id: number,
      q: Queryable = db,
    ): Promise<UserPaymentMethodRow | null> {
      const { rows } = await q.query<UserPaymentMethodRow>(
        `SELECT ${COLUMNS} FROM user_payment_methods WHERE id = $1 AND user_id = $2 AND provider = $3 AND deleted_at IS NULL`,
        [id, userId, provider],
      );
      return rows[0] ?? null;
    },

    async findLiveByProviderId(
      userId: number,
      paymentMethodId: string,
      q: Queryable = db,
    ): Promise<UserPaymentMethodRow | null> {
      const { rows } = await q.query<UserPaymentMethodRow>(
        `SELECT ${COLUMNS} FROM user_payment_methods WHERE user_id = $1 AND payment_method_id = $2 AND deleted_at IS NULL`,
        [userId, paymentMethodId],
      );
      return rows[0] ?? null;
    },

    /** Serialises changes to one user's methods (default flag) inside a transaction. */
    async lockUser(userId: number, q: Queryable): Promise<void> {
      await q.query('SELECT pg_advisory_xact_lock(727006, $1::int)', [userId % 2_147_483_647]);
    },

    async insert(m: NewUserPaymentMethod, q: Queryable = db): Promise<UserPaymentMethodRow> {
      const { rows } = await q.query<UserPaymentMethodRow>(
        `INSERT INTO user_payment_methods (user_id, provider, payment_method_id, payment_type, brand, last4, exp_month, exp_year,
                                           name, email, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING ${COLUMNS}`,
        [
          m.userId,
          m.provider,
          m.paymentMethodId,
          m.paymentType,
          m.brand,
          m.last4,
          m.expMonth,
          m.expYear,
          m.name,
          m.email,
          m.isDefault,
        ],
      );
      return rows[0]!;
    },

    async softDelete(id: number, at: Date, q: Queryable = db): Promise<void> {
      await q.query('UPDATE user_payment_methods SET deleted_at = $2, is_default = false WHERE id = $1', [id, at]);
    },

    /** Makes id the only default among the user's live methods of that provider. */
    async setDefault(userId: number, provider: ProviderKind, id: number, q: Queryable = db): Promise<void> {
      await q.query(
        `UPDATE user_payment_methods SET is_default = false
         WHERE user_id = $1 AND provider = $2 AND is_default AND id <> $3 AND deleted_at IS NULL`,
        [userId, provider, id],
      );
      await q.query('UPDATE user_payment_methods SET is_default = true WHERE id = $1', [id]);
    },
  };
}

export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
