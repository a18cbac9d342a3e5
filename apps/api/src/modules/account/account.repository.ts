import type { Queryable } from '../../db/pool.js';

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  companyName: string;
  city: string;
  address1: string;
  zip: string;
  phone: string;
  /** undefined keeps the stored value */
  address2?: string;
  aboutMe?: string;
  defaultDeliveryInstructions?: string;
  favoriteCuisineTypes?: string[];
  dietaryTypes?: string[];
  goName?: string;
  goHeadCount?: number;
  goBudgetCents?: number;
  goGapDays?: number;
  goCutoffSeconds?: number;
  goDeliverySeconds?: number;
  /** the address was placed again: new coordinates (null: not found), province and country */
  place?: { latitude: number | null; longitude: number | null; province?: string; country?: 'CA' | 'US' };
  passwordHash?: string;
}

// The only SQL of account settings: the profile columns of users (migration 001). Role,
// email, confirmation and ids are not in this statement, whatever a request carries.
export function createAccountRepository(db: Queryable) {
  return {
    async updateProfile(userId: number, u: ProfileUpdate, at: Date, tx: Queryable = db): Promise<void> {
      const placed = u.place !== undefined;
      await tx.query(
        `UPDATE users SET
           first_name = $2, last_name = $3, company_name = $4, city = $5, address1 = $6, zip = $7, phone = $8,
           address2 = COALESCE($9, address2),
           about_me = COALESCE($10, about_me),
           default_delivery_instructions = COALESCE($11, default_delivery_instructions),
           favorite_cuisine_types = COALESCE($12::text[], favorite_cuisine_types),
           dietary_types = COALESCE($13::text[], dietary_types),
           go_name = COALESCE($14, go_name),
           go_head_count = COALESCE($15, go_head_count),
           go_budget_cents = COALESCE($16, go_budget_cents),
           go_gap_days = COALESCE($17, go_gap_days),
           go_cutoff_time = COALESCE(($18::int * interval '1 second')::time, go_cutoff_time),
           go_delivery_time = COALESCE(($19::int * interval '1 second')::time, go_delivery_time),
           latitude = CASE WHEN $20 THEN $21::double precision ELSE latitude END,
           longitude = CASE WHEN $20 THEN $22::double precision ELSE longitude END,
           province = COALESCE($23, province),
           country = COALESCE($24, country),
           password_hash = COALESCE($25, password_hash),
           updated_at = $26
         WHERE id = $1`,
        [
          userId,
          u.firstName,
          u.lastName,
          u.companyName,
          u.city,
          u.address1,
          u.zip,
          u.phone,
          u.address2 ?? null,
          u.aboutMe ?? null,
          u.defaultDeliveryInstructions ?? null,
          u.favoriteCuisineTypes ?? null,
          u.dietaryTypes ?? null,
          u.goName ?? null,
          u.goHeadCount ?? null,
          u.goBudgetCents ?? null,
          u.goGapDays ?? null,
          u.goCutoffSeconds ?? null,
          u.goDeliverySeconds ?? null,
          placed,
          u.place?.latitude ?? null,
          u.place?.longitude ?? null,
          u.place?.province ?? null,
          u.place?.country ?? null,
          u.passwordHash ?? null,
          at,
        ],
      );
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
