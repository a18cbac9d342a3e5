import type { Queryable } from '../../db/pool.js';
import type { UserRow } from './auth.types.js';

// moved below the repository (.dependency-cruiser.cjs); still importable from here within the module
export type { UserRow } from './auth.types.js';

// The only SQL on users for the auth module. Rows carry password_hash: they never go to
// the wire as they are; auth.mappers.ts whitelists what does.

const COLUMNS = `id, email, password_hash, role, first_name, last_name, phone, company_name, address1, address2,
  city, province, zip, country, latitude, longitude, about_me, default_delivery_instructions,
  favorite_cuisine_types, dietary_types, go_name, go_head_count, go_budget_cents, go_gap_days,
  EXTRACT(EPOCH FROM go_cutoff_time)::int AS go_cutoff_seconds,
  EXTRACT(EPOCH FROM go_delivery_time)::int AS go_delivery_seconds,
  admin_token, confirmed_at, created_at`;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: 'CA' | 'US';
  latitude: number | null;
  longitude: number | null;
  referral: string | null;
  createdAt: Date;
}

export function createUsersRepository(db: Queryable) {
  return {
    async findByEmail(email: string, tx: Queryable = db): Promise<UserRow | undefined> {
      const { rows } = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
      return rows[0];
    },

    async findById(id: number, tx: Queryable = db): Promise<UserRow | undefined> {
      const { rows } = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
      return rows[0];
    },

    /** Inserts the account; undefined when the email is already taken (any letter case). */
    async insert(user: NewUser, tx: Queryable = db): Promise<UserRow | undefined> {
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (email, password_hash, first_name, last_name, phone, company_name, address1, address2,
           city, province, zip, country, latitude, longitude, referral, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
         ON CONFLICT ((lower(email))) DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          user.email,
          user.passwordHash,
          user.firstName,
          user.lastName,
          user.phone,
          user.companyName,
          user.address1,
          user.address2,
          user.city,
          user.province,
          user.zip,
          user.country,
          user.latitude,
          user.longitude,
          user.referral,
          user.createdAt,
        ],
      );
      return rows[0];
    },

    /** Marks the email as confirmed (keeps the first confirmation time). */
    async updateConfirmed(id: number, at: Date, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE users SET confirmed_at = COALESCE(confirmed_at, $2), updated_at = $2 WHERE id = $1', [
        id,
        at,
      ]);
    },

    async updatePasswordHash(id: number, passwordHash: string, at: Date, tx: Queryable = db): Promise<void> {
      await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, at]);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
