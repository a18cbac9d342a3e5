// The stored user as the auth module reads it, for the modules that receive one (layer 5 of
// .dependency-cruiser.cjs), so that they need not import users.repository.ts.

/** A users row. It carries password_hash: it never goes to the wire as it is; auth.mappers.ts whitelists what does. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  role: 'customer' | 'staff';
  first_name: string;
  last_name: string;
  phone: string;
  company_name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  country: 'CA' | 'US';
  latitude: number | null;
  longitude: number | null;
  about_me: string;
  default_delivery_instructions: string;
  favorite_cuisine_types: string[];
  dietary_types: string[];
  go_name: string;
  go_head_count: number;
  go_budget_cents: number;
  go_gap_days: number;
  /** seconds since midnight */
  go_cutoff_seconds: number;
  go_delivery_seconds: number;
  admin_token: string | null;
  confirmed_at: Date | null;
  created_at: Date;
}
